import { Avatar, Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage, notify } from '../../features/auth/notify';
import { type BlockedMember, unblock, useBlocked } from '../../features/moderation/api';

/** The members this member blocked, each with Unblock (a block is undone only here). */
export function BlockedMembersSection() {
  const { t } = useTranslation('general');
  const { data, error, mutate } = useBlocked();
  const [busy, setBusy] = useState<string | null>(null);

  const undo = async (member: BlockedMember) => {
    setBusy(member.profileId);
    try {
      await unblock(member.profileId);
      await mutate();
      notify('success', t('blocked.unblocked'), t('blocked.unblockedMessage', { name: member.name }));
    } catch (failure) {
      notify('error', t('blocked.unblockFailed'), errorMessage(failure));
    } finally {
      setBusy(null);
    }
  };

  const blocked = data?.blocked;
  return (
    <Stack gap="sm">
      <Title order={2} fz={20}>
        {t('blocked.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('blocked.description')}
      </Text>
      {error ? <Text size="sm">{t('blocked.loadFailed')}</Text> : null}
      {blocked && blocked.length === 0 ? <Text size="sm">{t('blocked.none')}</Text> : null}
      {blocked && blocked.length > 0 ? (
        <Box component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('blocked.listLabel')}>
          {blocked.map((member) => (
            <Group component="li" key={member.profileId} gap="sm" wrap="nowrap" py={8} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
              <Avatar src={member.avatarUrl} alt="" radius="xl" size={40} color="gray" variant="light">
                {member.name.slice(0, 1).toUpperCase()}
              </Avatar>
              <Text fw={700} truncate style={{ flex: 1, minWidth: 0 }}>
                {member.name}
              </Text>
              <Button variant="default" size="xs" loading={busy === member.profileId} onClick={() => void undo(member)} aria-label={t('blocked.unblockName', { name: member.name })}>
                {t('blocked.unblock')}
              </Button>
            </Group>
          ))}
        </Box>
      ) : null}
    </Stack>
  );
}
