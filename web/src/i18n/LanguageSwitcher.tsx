import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { api } from '../api/client';
import { notify } from '../features/auth/notify';
import { useSession } from '../features/auth/useSession';
import { showLanguage } from './i18n';
import { isLanguage, type Language, LANGUAGES } from './languages';

/**
 * The language menu (the landing footer, the sign-in page, General). Each language is named in
 * its own words, so a reader finds theirs whichever language the page is in. A member's choice
 * is kept on the account (e-mails follow it, and so does any device they sign in on); a
 * visitor's, in a cookie.
 */
export function LanguageSwitcher({ inverted = false }: { inverted?: boolean }) {
  const { t, i18n } = useTranslation();
  const { user, mutate } = useSession();
  const [saving, setSaving] = useState(false);

  const choose = async (language: Language) => {
    setSaving(true);
    try {
      // The account first: FollowMemberLanguage would otherwise turn the page back to the language it still holds.
      if (user) {
        await api('/api/account/language', { method: 'PUT', body: { language } });
        await mutate((session) => (session?.user ? { ...session, user: { ...session.user, language } } : session), { revalidate: false });
      }
      await showLanguage(language);
    } catch (error) {
      notify('error', t('language.notSaved'), error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <NativeSelect
      label={t('language.label')}
      value={i18n.language}
      disabled={saving}
      leftSection={<IconLanguage size={16} aria-hidden />}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (isLanguage(value)) void choose(value);
      }}
      data={LANGUAGES.map((language) => ({ value: language.code, label: language.name }))}
      styles={inverted ? { label: { color: 'white' } } : undefined}
      w={180}
    />
  );
}

/** Follows the signed-in member's own language: a new device shows it as soon as the session is known. */
export function FollowMemberLanguage() {
  const { user } = useSession();
  const wanted = user?.language;
  // Only when the account's language changes (a sign-in, a choice made on another device): a
  // visitor's own choice on this page is never undone.
  useEffect(() => {
    if (wanted && isLanguage(wanted)) void showLanguage(wanted);
  }, [wanted]);
  return null;
}
