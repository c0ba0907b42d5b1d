import { Box, Button, Center, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { notify } from '../../features/auth/notify';
import { deleteMoment, useMyMoments } from '../../features/moments/api';
import type { UserMoment } from '../../features/moments/api';
import { MemberPageShell, RequireCompleteMember } from '../../components/MemberPage';
import { DeleteMomentDialog } from './DeleteMomentDialog';
import { HistoryItem } from './HistoryItem';
import classes from './MomentHistory.module.css';

function MomentHistory() {
  const { t } = useTranslation('moments');
  const { moments, error, isLoading, mutate } = useMyMoments();
  const [doomed, setDoomed] = useState<UserMoment | null>(null);
  const [deleting, setDeleting] = useState(false);

  // The spec's toast once per failure, not once per swr retry.
  const failed = useRef(false);
  useEffect(() => {
    if (error && !failed.current) notify('error', t('error'), t('history.loadFailed'));
    failed.current = Boolean(error);
  }, [error, t]);

  const confirmDelete = async () => {
    if (!doomed || deleting) return;
    const id = doomed.id;
    setDeleting(true);
    try {
      await deleteMoment(id);
      // Gone from the list at once; the server's list follows.
      void mutate((current) => current && { moments: current.moments.filter((moment) => moment.id !== id) }, { revalidate: true });
      setDoomed(null);
      notify('success', t('history.deleted'), t('history.deletedMessage'));
    } catch {
      notify('error', t('error'), t('history.deleteFailed'));
    } finally {
      setDeleting(false);
    }
  };

  let content;
  if (moments === undefined && isLoading) {
    content = (
      <Center py="xl">
        <Loader color="violet" type="dots" aria-label={t('history.loading')} />
      </Center>
    );
  } else if (moments === undefined) {
    content = (
      <Stack align="center" gap="xs" className={classes.empty}>
        <Text fw={600}>{t('history.couldNotLoad')}</Text>
        <Button variant="light" onClick={() => void mutate()}>
          {t('tryAgain')}
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
          {t('history.empty')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('history.emptyHint')}
        </Text>
      </Stack>
    );
  } else {
    content = (
      <Box component="ul" className={classes.list} aria-label={t('history.listLabel')}>
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
    <MemberPageShell title={t('history.title')} subtitle={t('history.subtitle')}>
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
