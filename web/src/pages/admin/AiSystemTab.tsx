import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useJobRuns } from '../../features/admin/jobs';
import { useAdminFormat } from '../../features/admin/format';
import { useJobRun } from '../../features/admin/useJobRun';
import { AdminPanel } from './AdminShell';
import { AiStatusPanel } from './AiStatusPanel';
import { JobRunsList } from './JobRunsList';
import { LoadState } from './LoadState';
import { MaintenanceLinks } from './MaintenanceLinks';

/** Starts embedding generation; its progress and its errors go to one status line (spec part 3 §8). */
function EmbeddingsPanel() {
  const { t } = useTranslation('admin');
  const { count, dateTime } = useAdminFormat();
  const [startError, setStartError] = useState<string | null>(null);
  const { run, running, stalled, starting, progress, start } = useJobRun('regenerate-embeddings', {
    onStarted: () => setStartError(null),
    onFailed: (message) => setStartError(message ?? t('embeddings.failedPlain')),
  });

  let line: { text: string; error: boolean };
  if (startError) line = { text: startError, error: true };
  else if (running && run) line = { text: t('embeddings.generating', { processed: count(run.processed), count: run.total }), error: false };
  else if (stalled) line = { text: t('embeddings.stalled'), error: true };
  else if (run?.state === 'failed') line = { text: t('embeddings.failed', { error: run.error ?? t('embeddings.unknownError') }), error: true };
  else if (run?.state === 'completed')
    line = {
      text: t('embeddings.lastRun', { when: dateTime(run.finishedAt), embedded: count(run.succeeded), unchanged: count(run.skipped), failed: count(run.failed) }),
      error: false,
    };
  else line = { text: t('embeddings.never'), error: false };

  return (
    <AdminPanel title={t('embeddings.title')}>
      <Text size="sm" c="dimmed">
        {t('embeddings.intro')}
      </Text>
      <Group gap="sm">
        <Button leftSection={<IconRefresh size={16} />} loading={starting} disabled={running} onClick={() => void start()}>
          {t('embeddings.regenerate')}
        </Button>
      </Group>
      {running ? <Progress value={progress} animated aria-label={t('embeddings.progress')} /> : null}
      <Text size="sm" c={line.error ? 'red.8' : undefined} role="status" data-testid="embeddings-status">
        {line.text}
      </Text>
    </AdminPanel>
  );
}

function LastRunsPanel() {
  const { t } = useTranslation('admin');
  const { runs, error, isLoading, mutate } = useJobRuns();
  return <AdminPanel title={t('jobs.lastRuns')}>{runs ? <JobRunsList runs={runs} /> : <LoadState what="jobRuns" isLoading={isLoading} error={error} onRetry={() => void mutate()} />}</AdminPanel>;
}

/** AI System (spec part 3): the provider and models, embedding generation, the maintenance tools and the last runs. */
export function AiSystemTab() {
  const { t } = useTranslation('admin');
  return (
    <Stack gap="lg">
      <AiStatusPanel />
      <EmbeddingsPanel />
      <AdminPanel title={t('tools.title')}>
        <MaintenanceLinks />
      </AdminPanel>
      <LastRunsPanel />
    </Stack>
  );
}
