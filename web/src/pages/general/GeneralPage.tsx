import { Button, Center, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { IconHelp, IconLogout, IconTrash } from '@tabler/icons-react';
import { useRef } from 'react';
import { Link } from 'react-router-dom';

import { MemberPageShell, MemberPanel, RequireCompleteMember } from '../../components/MemberPage';
import { useSignOut } from '../../features/auth/useSignOut';
import { type Profile, useProfile } from '../../features/profile/api';
import { useProfileUpdate } from '../../features/profile/useProfileUpdate';
import { BackgroundSection } from './BackgroundSection';
import { BlockedMembersSection } from './BlockedMembersSection';
import { LikedProfilesSection } from './LikedProfilesSection';
import { MeetingInPersonSection } from './MeetingInPersonSection';
import { WeeklyIntroductionsSection } from './WeeklyIntroductionsSection';

function MailNotifications({ profile, onChanged }: { profile: Profile; onChanged: () => void }) {
  const { saving, save } = useProfileUpdate(onChanged);
  return (
    <Stack gap="sm">
      <Title order={2} fz={20}>
        Mail notifications
      </Title>
      <Switch
        checked={profile.notify_new_messages}
        disabled={saving}
        onChange={(event) => void save({ notifyNewMessages: event.currentTarget.checked })}
        label="E-mail me when a member writes to my mailbox"
        description="The e-mail says who wrote and the subject; the message itself stays in your mailbox."
      />
    </Stack>
  );
}

function General() {
  const { profile, mutate } = useProfile();
  const leaving = useRef(false);
  const { signingOut, signOut } = useSignOut(() => {
    leaving.current = true;
  });

  if (!profile) {
    return (
      <MemberPageShell title="General">
        <Center py="xl">
          <Loader color="violet" aria-label="Loading your settings" />
        </Center>
      </MemberPageShell>
    );
  }
  return (
    <MemberPageShell title="General" subtitle="Your search page, the people you liked, and your account.">
      <MemberPanel label="Search Background">
        <BackgroundSection profile={profile} onChanged={() => void mutate()} />
      </MemberPanel>
      <MemberPanel label="Liked Profiles">
        <LikedProfilesSection />
      </MemberPanel>
      <MemberPanel label="Blocked Members">
        <BlockedMembersSection />
      </MemberPanel>
      <MemberPanel label="Meeting in person">
        <MeetingInPersonSection userCode={profile.user_code} />
      </MemberPanel>
      <MemberPanel label="Weekly introductions">
        <WeeklyIntroductionsSection />
      </MemberPanel>
      <MemberPanel label="Mail notifications">
        <MailNotifications profile={profile} onChanged={() => void mutate()} />
      </MemberPanel>
      <MemberPanel label="Account Actions">
        <Stack gap="sm">
          <Title order={2} fz={20}>
            Account Actions
          </Title>
          <Button component={Link} to="/help" variant="default" leftSection={<IconHelp size={16} />} justify="flex-start">
            Help Center
          </Button>
          <Button variant="default" leftSection={<IconLogout size={16} />} justify="flex-start" loading={signingOut} onClick={() => void signOut()}>
            Log Out
          </Button>
          <Button component={Link} to="/delete-account" color="red.8" variant="outline" leftSection={<IconTrash size={16} />} justify="flex-start">
            Delete Account
          </Button>
          <Text size="xs" c="dimmed">
            Deleting your account hides you everywhere at once; everything is removed for good after 90 days.
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
