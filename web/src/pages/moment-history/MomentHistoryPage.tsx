import { Box, Button, Center, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

import { notify } from '../../features/auth/notify';
import { deleteMoment, useMyMoments } from '../../features/moments/api';
import type { UserMoment } from '../../features/moments/api';
import { MemberPageShell, RequireCompleteMember } from '../../components/MemberPage';
import { DeleteMomentDialog } from './DeleteMomentDialog';
import { HistoryItem } from './HistoryItem';
import classes from './MomentHistory.module.css';

function MomentHistory() {
  const { moments, error, isLoading, mutate } = useMyMoments();
  const [doomed, setDoomed] = useState<UserMoment | null>(null);
  const [deleting, setDeleting] = useState(false);

  // The spec's toast once per failure, not once per swr retry.
  const failed = useRef(false);
  useEffect(() => {
    if (error && !failed.current) notify('error', 'Error', 'Failed to load moment history.');
    failed.current = Boolean(error);
  }, [error]);

  const confirmDelete = async () => {
    if (!doomed || deleting) return;
    const id = doomed.id;
    setDeleting(true);
    try {
      await deleteMoment(id);
      // Gone from the list at once; the server's list follows.
      void mutate((current) => current && { moments: current.moments.filter((moment) => moment.id !== id) }, { revalidate: true });
      setDoomed(null);
      notify('success', 'Deleted', 'Moment has been removed.');
    } catch {
      notify('error', 'Error', 'Failed to delete moment.');
    } finally {
      setDeleting(false);
    }
  };

  let content;
  if (moments === undefined && isLoading) {
    content = (
      <Center py="xl">
        <Loader color="violet" type="dots" aria-label="Loading your moments" />
      </Center>
    );
  } else if (moments === undefined) {
    content = (
      <Stack align="center" gap="xs" className={classes.empty}>
        <Text fw={600}>We could not load your moments.</Text>
        <Button variant="light" onClick={() => void mutate()}>
          Try again
        </Button>
      </Stack>
    );
  } else if (moments.length === 0) {
    content = (
      <Stack align="center" gap="xs" className={classes.empty}>
        <ThemeIcon size={56} radius="xl" variant="light" color="violet" aria-hidden>
          <IconPhotoOff size={28} />
        </ThemeIcon>
        <Title order={2} fz={20}>
          No moments yet
        </Title>
        <Text c="dimmed" size="sm">
          Start sharing your moments from the main page!
        </Text>
      </Stack>
    );
  } else {
    content = (
      <Box component="ul" className={classes.list} aria-label="Your moments">
        {moments.map((moment) => (
          <HistoryItem
            key={moment.id}
            moment={moment}
            onDelete={() => {
              setDoomed(moment);
            }}
          />
        ))}
      </Box>
    );
  }

  return (
    <MemberPageShell title="Moment History" subtitle="Everything you have shared, newest first.">
      {content}
      <DeleteMomentDialog
        opened={doomed !== null}
        deleting={deleting}
        onCancel={() => {
          setDoomed(null);
        }}
        onConfirm={() => void confirmDelete()}
      />
    </MemberPageShell>
  );
}

/** /moment-history (spec): the member's own moments; guarded like /search. */
export function MomentHistoryPage() {
  return <RequireCompleteMember>{() => <MomentHistory />}</RequireCompleteMember>;
}
