import { ActionIcon, Avatar, Box, Center, Group, Loader, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconEye, IconHeartOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

import { errorStatus, notify } from '../../features/auth/notify';
import { type LikedProfile, setLike, useLikedProfiles } from '../../features/likes/api';
import { getProfileCard, type SearchResult } from '../../features/search/api';
import { ProfileDialog } from '../search/ProfileDialog';

/** Liked Profiles (spec part 2): avatar, name, age, location; the eye opens the profile dialog, the heart unlikes. */
export function LikedProfilesSection() {
  const { likes, error, isLoading, mutate } = useLikedProfiles();
  const [open, setOpen] = useState<SearchResult | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const failed = useRef(false);
  useEffect(() => {
    if (error && !failed.current) notify('error', 'Error', 'Failed to load liked profiles.');
    failed.current = Boolean(error);
  }, [error]);

  const view = async (like: LikedProfile) => {
    setBusy(like.profileId);
    try {
      setOpen(await getProfileCard(like.profileId));
    } catch (failure) {
      notify('error', 'Error', errorStatus(failure) === 404 ? 'This profile is no longer available.' : 'Failed to load the profile.');
    } finally {
      setBusy(null);
    }
  };

  const unlike = async (like: LikedProfile) => {
    const name = like.name ?? 'this member';
    try {
      await setLike(like.profileId, false);
      void mutate((current) => current && { likes: current.likes.filter((l) => l.profileId !== like.profileId) }, { revalidate: true });
      notify('success', 'Profile unliked', `Removed ${name} from your liked profiles.`);
    } catch {
      notify('error', 'Error', 'Failed to remove profile from likes.');
    }
  };

  let list;
  if (likes === undefined && isLoading) {
    list = (
      <Center py="md">
        <Loader color="violet" size="sm" aria-label="Loading liked profiles" />
      </Center>
    );
  } else if (!likes || likes.length === 0) {
    list = (
      <Text size="sm" c="dimmed">
        {likes ? 'No liked profiles yet. Tap the heart on a profile to keep it here.' : 'Liked profiles could not be loaded.'}
      </Text>
    );
  } else {
    list = (
      <Box component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Liked profiles">
        {likes.map((like) => (
          <Group component="li" key={like.profileId} gap="sm" wrap="nowrap" py={8} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }} data-testid="liked-profile">
            <Avatar src={like.avatarUrl} alt="" radius="xl" size={44} color="violet" variant="light">
              {(like.name ?? '?').slice(0, 1).toUpperCase()}
            </Avatar>
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text fw={700} truncate>
                {like.name ?? 'Member'}
                {like.age ? `, ${String(like.age)}` : ''}
              </Text>
              <Text size="sm" c="dimmed" truncate>
                {like.location ?? 'Location not specified'}
              </Text>
            </Stack>
            <Tooltip label="View profile">
              <ActionIcon variant="subtle" color="violet" size="lg" loading={busy === like.profileId} onClick={() => void view(like)} aria-label={`View ${like.name ?? 'profile'}`}>
                <IconEye size={20} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Unlike">
              <ActionIcon variant="subtle" color="red.8" size="lg" onClick={() => void unlike(like)} aria-label={`Unlike ${like.name ?? 'profile'}`}>
                <IconHeartOff size={20} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ))}
      </Box>
    );
  }

  return (
    <Stack gap="sm">
      <Title order={2} fz={20}>
        Liked Profiles
      </Title>
      {list}
      <ProfileDialog
        result={open}
        query=""
        showMatch={false}
        onClose={() => {
          setOpen(null);
          void mutate();
        }}
      />
    </Stack>
  );
}
