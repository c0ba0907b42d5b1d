import { Button, Center, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { IconHelp, IconLogout, IconTrash } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { MemberPageShell, MemberPanel, RequireCompleteMember } from '../../components/MemberPage';
import { useSignOut } from '../../features/auth/useSignOut';
import { type Profile, useProfile } from '../../features/profile/api';
import { useProfileUpdate } from '../../features/profile/useProfileUpdate';
import { LanguageSwitcher } from '../../i18n/LanguageSwitcher';
import { BackgroundSection } from './BackgroundSection';
import { BlockedMembersSection } from './BlockedMembersSection';
import { InboxSection } from './InboxSection';
import { LikedProfilesSection } from './LikedProfilesSection';
import { MeetingInPersonSection } from './MeetingInPersonSection';
import { WeeklyIntroductionsSection } from './WeeklyIntroductionsSection';

function MailNotifications({ profile, onChanged }: { profile: Profile; onChanged: () => void }) {
  const { t } = useTranslation('general');
  const { saving, save } = useProfileUpdate(onChanged);
  return (
    <Stack gap="sm">
      <Title order={2} fz={20}>
        {t('mail.title')}
      </Title>
      <Switch
        checked={profile.notify_new_messages}
        disabled={saving}
        onChange={(event) => void save({ notifyNewMessages: event.currentTarget.checked })}
        label={t('mail.label')}
        description={t('mail.description')}
      />
    </Stack>
  );
}

/** The member's language, near the top of General so it is easy to find. */
function LanguageChoice() {
  const { t } = useTranslation('general');
  return (
    <Stack gap="sm">
      <Title order={2} fz={20}>
        {t('language.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('language.description')}
      </Text>
      <LanguageSwitcher />
    </Stack>
  );
}

function General() {
  const { t } = useTranslation('general');
  const { profile, mutate } = useProfile();
  const leaving = useRef(false);
  const { signingOut, signOut } = useSignOut(() => {
    leaving.current = true;
  });

  if (!profile) {
    return (
      <MemberPageShell title={t('page.title')}>
        <Center py="xl">
          <Loader color="violet" aria-label={t('page.loading')} />
        </Center>
      </MemberPageShell>
    );
  }
  return (
    <MemberPageShell title={t('page.title')} subtitle={t('page.subtitle')}>
      <MemberPanel label={t('language.title')}>
        <LanguageChoice />
      </MemberPanel>
      <MemberPanel label={t('background.title')}>
        <BackgroundSection profile={profile} onChanged={() => void mutate()} />
      </MemberPanel>
      <MemberPanel label={t('liked.title')}>
        <LikedProfilesSection />
      </MemberPanel>
      <MemberPanel label={t('inbox.title')}>
        <InboxSection />
      </MemberPanel>
      <MemberPanel label={t('blocked.title')}>
        <BlockedMembersSection />
      </MemberPanel>
      <MemberPanel label={t('meeting.title')}>
        <MeetingInPersonSection userCode={profile.user_code} />
      </MemberPanel>
      <MemberPanel label={t('weekly.title')}>
        <WeeklyIntroductionsSection />
      </MemberPanel>
      <MemberPanel label={t('mail.title')}>
        <MailNotifications profile={profile} onChanged={() => void mutate()} />
      </MemberPanel>
      <MemberPanel label={t('account.title')}>
        <Stack gap="sm">
          <Title order={2} fz={20}>
            {t('account.title')}
          </Title>
          <Button component={Link} to="/help" variant="default" leftSection={<IconHelp size={16} />} justify="flex-start">
            {t('account.help')}
          </Button>
          <Button variant="default" leftSection={<IconLogout size={16} />} justify="flex-start" loading={signingOut} onClick={() => void signOut()}>
            {t('account.logOut')}
          </Button>
          <Button component={Link} to="/delete-account" color="red.8" variant="outline" leftSection={<IconTrash size={16} />} justify="flex-start">
            {t('account.delete')}
          </Button>
          <Text size="xs" c="dimmed">
            {t('account.deleteNote')}
          </Text>
        </Stack>
      </MemberPanel>
    </MemberPageShell>
  );
}

/** /general (spec part 2, General settings screen). */
export function GeneralPage() {
  return <RequireCompleteMember>{() => <General />}</RequireCompleteMember>;
}
