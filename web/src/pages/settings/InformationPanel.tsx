import { Button, Divider, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconPhoto, IconUserEdit } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const [name, setName] = useState(profile.name ?? '');
  const { saving, save } = useProfileUpdate(onChanged);

  const saveName = async () => {
    if (!name.trim()) {
      notify('error', t('information.updateFailed'), t('information.nameRequired'));
      return;
    }
    await save({ name }, t('information.nameSaved'));
  };

  return (
    <Stack gap="md">
      <Title order={2} fz={20}>
        {t('information.title')}
      </Title>
      <AvatarField url={profile.avatar_url} name={profile.name ?? ''} onChanged={onChanged} />
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void saveName();
        }}
      >
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput label={t('information.displayName')} value={name} onChange={(event) => setName(event.currentTarget.value)} maxLength={60} style={{ flex: 1 }} />
          <Button type="submit" loading={saving} disabled={name.trim() === (profile.name ?? '')}>
            {t('information.save')}
          </Button>
        </Group>
      </form>
      <ReadOnly label={t('information.email')} value={email} />
      <ReadOnly label={t('information.userCode')} value={profile.user_code ?? t('information.generating')} testId="user-code" />
      <ReadOnly label={t('information.mailboxAddress', { product: productName })} value={profile.mailbox_address ?? t('information.generating')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Button variant="light" leftSection={<IconUserEdit size={16} />} onClick={() => void navigate('/onboarding', { state: { mode: 'profileUpdate' } })}>
          {t('information.updateProfile')}
        </Button>
        <Button variant="light" leftSection={<IconPhoto size={16} />} onClick={() => void navigate('/onboarding', { state: { mode: 'updateFirstMoment' } })}>
          {t('information.updateFirstMoment')}
        </Button>
      </SimpleGrid>
      <Divider />
      <SignInSection email={email} />
      <Divider />
      <Title order={3} fz={17}>
        {t('information.quickContact')}
      </Title>
      <ContactSharing initial={profile.contact_info} onSaved={onChanged} />
      <Divider />
      <Title order={3} fz={17}>
        {t('information.yourData')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('information.yourDataText', { product: productName })}
      </Text>
      <Button component="a" href={exportUrl} download variant="default" leftSection={<IconDownload size={16} />} style={{ alignSelf: 'flex-start' }}>
        {t('information.download')}
      </Button>
    </Stack>
  );
}
