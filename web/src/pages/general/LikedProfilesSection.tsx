import { ActionIcon, Avatar, Box, Center, Group, Loader, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconEye, IconHeartOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorStatus, notify } from '../../features/auth/notify';
import { type LikedProfile, setLike, useLikedProfiles } from '../../features/likes/api';
import { getProfileCard, type SearchResult } from '../../features/search/api';
import { ProfileDialog } from '../search/ProfileDialog';

/** Liked Profiles (spec part 2): avatar, name, age, location; the eye opens the profile dialog, the heart unlikes. */
export function LikedProfilesSection() {
  const { t } = useTranslation('general');
  const { likes, error, isLoading, mutate } = useLikedProfiles();
  const [open, setOpen] = useState<SearchResult | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const failed = useRef(false);
  useEffect(() => {
    if (error && !failed.current) notify('error', t('liked.error'), t('liked.loadFailed'));
    failed.current = Boolean(error);
  }, [error, t]);

  const view = async (like: LikedProfile) => {
    setBusy(like.profileId);
    try {
      setOpen(await getProfileCard(like.profileId));
    } catch (failure) {
      notify('error', t('liked.error'), errorStatus(failure) === 404 ? t('liked.gone') : t('liked.profileFailed'));
    } finally {
      setBusy(null);
    }
  };

  const unlike = async (like: LikedProfile) => {
    const name = like.name ?? t('liked.thisMember');
    try {
      await setLike(like.profileId, false);
      void mutate((current) => current && { likes: current.likes.filter((l) => l.profileId !== like.profileId) }, { revalidate: true });
      notify('success', t('liked.unliked'), t('liked.unlikedMessage', { name }));
    } catch {
      notify('error', t('liked.error'), t('liked.unlikeFailed'));
    }
  };

  let list;
  if (likes === undefined && isLoading) {
    list = (
      <Center py="md">
        <Loader color="violet" size="sm" aria-label={t('liked.loading')} />
      </Center>
    );
  } else if (!likes || likes.length === 0) {
    list = (
      <Text size="sm" c="dimmed">
        {likes ? t('liked.empty') : t('liked.couldNotLoad')}
      </Text>
    );
  } else {
    list = (
      <Box component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('liked.listLabel')}>
        {likes.map((like) => (
          <Group component="li" key={like.profileId} gap="sm" wrap="nowrap" py={8} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }} data-testid="liked-profile">
            <Avatar src={like.avatarUrl} alt="" radius="xl" size={44} color="violet" variant="light">
              {(like.name ?? '?').slice(0, 1).toUpperCase()}
            </Avatar>
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text fw={700} truncate>
                {like.age ? t('liked.nameAge', { name: like.name ?? t('liked.member'), age: like.age }) : (like.name ?? t('liked.member'))}
              </Text>
              <Text size="sm" c="dimmed" truncate>
                {like.location ?? t('liked.locationUnknown')}
              </Text>
            </Stack>
            <Tooltip label={t('liked.viewProfile')}>
              <ActionIcon variant="subtle" color="violet" size="lg" loading={busy === like.profileId} onClick={() => void view(like)} aria-label={like.name ? t('liked.viewName', { name: like.name }) : t('liked.viewProfile')}>
                <IconEye size={20} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('liked.unlike')}>
              <ActionIcon variant="subtle" color="red.8" size="lg" onClick={() => void unlike(like)} aria-label={like.name ? t('liked.unlikeName', { name: like.name }) : t('liked.unlikeProfile')}>
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
        {t('liked.title')}
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
