import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';

import { useJobRuns } from '../../features/admin/jobs';
import { count, dateTime, plural } from '../../features/admin/format';
import { useJobRun } from '../../features/admin/useJobRun';
import { AdminPanel } from './AdminShell';
import { AiStatusPanel } from './AiStatusPanel';
import { JobRunsList } from './JobRunsList';
import { LoadState } from './LoadState';
import { MaintenanceLinks } from './MaintenanceLinks';

/** Starts embedding generation; its progress and its errors go to one status line (spec part 3 §8). */
function EmbeddingsPanel() {
  const [startError, setStartError] = useState<string | null>(null);
  const { run, running, stalled, starting, progress, start } = useJobRun('regenerate-embeddings', {
    onStarted: () => setStartError(null),
    onFailed: (message) => setStartError(message ?? 'Embedding generation failed.'),
  });

  let line: { text: string; error: boolean };
  if (startError) line = { text: startError, error: true };
  else if (running && run) line = { text: `Generating embeddings: ${count(run.processed)} of ${plural(run.total, 'profile')}…`, error: false };
  else if (stalled) line = { text: 'Embedding generation has not moved for over a minute: the server running it may have stopped. Start it again to resume.', error: true };
  else if (run?.state === 'failed') line = { text: `Embedding generation failed: ${run.error ?? 'unknown error'}`, error: true };
  else if (run?.state === 'completed')
    line = { text: `Last run finished ${dateTime(run.finishedAt)}: ${count(run.succeeded)} embedded, ${count(run.skipped)} unchanged, ${count(run.failed)} failed.`, error: false };
  else line = { text: 'Embeddings have not been regenerated from here yet.', error: false };

  return (
    <AdminPanel title="Embeddings">
      <Text size="sm" c="dimmed">
        Rebuilds every profile’s search vector with the current embedding model. Members keep searching while it runs.
      </Text>
      <Group gap="sm">
        <Button leftSection={<IconRefresh size={16} />} loading={starting} disabled={running} onClick={() => void start()}>
          Regenerate embeddings
        </Button>
      </Group>
      {running ? <Progress value={progress} animated aria-label="Embedding progress" /> : null}
      <Text size="sm" c={line.error ? 'red.8' : undefined} role="status" data-testid="embeddings-status">
        {line.text}
      </Text>
    </AdminPanel>
  );
}

function LastRunsPanel() {
  const { runs, error, isLoading, mutate } = useJobRuns();
  return <AdminPanel title="Last runs">{runs ? <JobRunsList runs={runs} /> : <LoadState what="job runs" isLoading={isLoading} error={error} onRetry={() => void mutate()} />}</AdminPanel>;
}

/** AI System (spec part 3): the provider and models, embedding generation, the maintenance tools and the last runs. */
export function AiSystemTab() {
  return (
    <Stack gap="lg">
      <AiStatusPanel />
      <EmbeddingsPanel />
      <AdminPanel title="Maintenance tools">
        <MaintenanceLinks />
      </AdminPanel>
      <LastRunsPanel />
    </Stack>
  );
}
