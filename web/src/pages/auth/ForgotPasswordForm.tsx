import { Button, Stack } from '@mantine/core';
import { IconArrowLeft, IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { requestPasswordReset } from '../../features/auth/api';
import { errorMessage, notify } from '../../features/auth/notify';

import { EmailField, SubmitButton } from './fields';
import { FormHeader } from './FormHeader';

interface Props {
  email: string;
  onEmailChange: (email: string) => void;
  /** The reset mail is on its way (or the address is unknown: the answer is the same). */
  onSent: () => void;
  onBack: () => void;
}

export function ForgotPasswordForm({ email, onEmailChange, onSent, onBack }: Props) {
  const { t } = useTranslation('auth');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const address = email.trim();
    if (!address) {
      notify('error', t('forgot.enterEmailTitle'), t('forgot.enterEmailText'));
      return;
    }
    setBusy(true);
    try {
      const { message } = await requestPasswordReset(address);
      notify('success', t('forgot.sentTitle'), message);
      onSent();
    } catch (error) {
      notify('error', t('forgot.sendFailedTitle'), errorMessage(error));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} aria-label={t('forgot.formLabel')}>
      <Stack gap="lg">
        <FormHeader title={t('forgot.title')}>{t('forgot.intro')}</FormHeader>
        <EmailField value={email} onChange={onEmailChange} required={false} />
        <Stack gap="xs">
          <SubmitButton busy={busy} icon={<IconMailForward size={18} />}>
            {t('forgot.submit')}
          </SubmitButton>
          <Button type="button" size="md" radius="md" variant="subtle" color="gray" leftSection={<IconArrowLeft size={18} />} onClick={onBack} fullWidth>
            {t('forgot.back')}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
