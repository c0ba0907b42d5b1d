import { Button, Divider, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconPhoto, IconUserEdit } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { exportUrl } from '../../features/account/api';
import { notify } from '../../features/auth/notify';
import type { Profile } from '../../features/profile/api';
import { useProfileUpdate } from '../../features/profile/useProfileUpdate';
import { productName } from '../../product';
import { AvatarField } from './AvatarField';
import { ContactSharing } from './ContactSharing';
import { SignInSection } from './SignInSection';

function ReadOnly({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return <TextInput label={label} value={value} readOnly variant="filled" data-testid={testId} />;
}

/** The Information panel (spec part 2): avatar, display name, the read-only identity, contact sharing, the member's data. */
export function InformationPanel({ profile, email, onChanged }: { profile: Profile; email: string; onChanged: () => void }) {
  const navigate = useNavigate();
  const [name, setName] = useState(profile.name ?? '');
  const { saving, save } = useProfileUpdate(onChanged);

  const saveName = async () => {
    if (!name.trim()) {
      notify('error', 'Update failed', 'Display name is required.');
      return;
    }
    await save({ name }, 'Your display name was saved.');
  };

  return (
    <Stack gap="md">
      <Title order={2} fz={20}>
        Information
      </Title>
      <AvatarField url={profile.avatar_url} name={profile.name ?? ''} onChanged={onChanged} />
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void saveName();
        }}
      >
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput label="Display Name" value={name} onChange={(event) => setName(event.currentTarget.value)} maxLength={60} style={{ flex: 1 }} />
          <Button type="submit" loading={saving} disabled={name.trim() === (profile.name ?? '')}>
            Save
          </Button>
        </Group>
      </form>
      <ReadOnly label="E-mail" value={email} />
      <ReadOnly label="User code" value={profile.user_code ?? 'Generating...'} testId="user-code" />
      <ReadOnly label={`${productName} mailbox address`} value={profile.mailbox_address ?? 'Generating...'} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Button variant="light" leftSection={<IconUserEdit size={16} />} onClick={() => void navigate('/onboarding', { state: { mode: 'profileUpdate' } })}>
          Update Complete Profile
        </Button>
        <Button variant="light" leftSection={<IconPhoto size={16} />} onClick={() => void navigate('/onboarding', { state: { mode: 'updateFirstMoment' } })}>
          Update First Moment
        </Button>
      </SimpleGrid>
      <Divider />
      <SignInSection email={email} />
      <Divider />
      <Title order={3} fz={17}>
        Quick Contact
      </Title>
      <ContactSharing initial={profile.contact_info} onSaved={onChanged} />
      <Divider />
      <Title order={3} fz={17}>
        Your data
      </Title>
      <Text size="sm" c="dimmed">
        One JSON file of everything {productName} holds about you: your account, profile (with what the AI wrote), chats, moments, likes, searches, analyses, messages and check-ins.
      </Text>
      <Button component="a" href={exportUrl} download variant="default" leftSection={<IconDownload size={16} />} style={{ alignSelf: 'flex-start' }}>
        Download my data
      </Button>
    </Stack>
  );
}
