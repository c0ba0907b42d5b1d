import { Avatar, Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';

import { errorMessage, notify } from '../../features/auth/notify';
import { type BlockedMember, unblock, useBlocked } from '../../features/moderation/api';

/** The members this member blocked, each with Unblock (a block is undone only here). */
export function BlockedMembersSection() {
  const { data, error, mutate } = useBlocked();
  const [busy, setBusy] = useState<string | null>(null);

  const undo = async (member: BlockedMember) => {
    setBusy(member.profileId);
    try {
      await unblock(member.profileId);
      await mutate();
      notify('success', 'Unblocked', `You and ${member.name} can see each other again.`);
    } catch (failure) {
      notify('error', 'Could not unblock', errorMessage(failure));
    } finally {
      setBusy(null);
    }
  };

  const blocked = data?.blocked;
  return (
    <Stack gap="sm">
      <Title order={2} fz={20}>
        Blocked Members
      </Title>
      <Text size="sm" c="dimmed">
        Blocked members and you do not see each other in search or the feed, and their messages do not reach you. They are not told.
      </Text>
      {error ? <Text size="sm">Blocked members could not be loaded.</Text> : null}
      {blocked && blocked.length === 0 ? <Text size="sm">You have not blocked anyone.</Text> : null}
      {blocked && blocked.length > 0 ? (
        <Box component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Blocked members">
          {blocked.map((member) => (
            <Group component="li" key={member.profileId} gap="sm" wrap="nowrap" py={8} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
              <Avatar src={member.avatarUrl} alt="" radius="xl" size={40} color="gray" variant="light">
                {member.name.slice(0, 1).toUpperCase()}
              </Avatar>
              <Text fw={700} truncate style={{ flex: 1, minWidth: 0 }}>
                {member.name}
              </Text>
              <Button variant="default" size="xs" loading={busy === member.profileId} onClick={() => void undo(member)} aria-label={`Unblock ${member.name}`}>
                Unblock
              </Button>
            </Group>
          ))}
        </Box>
      ) : null}
    </Stack>
  );
}
