import { Alert, Group, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

import { dateTime } from '../../features/admin/format';
import type { JobRun } from '../../features/admin/jobs';
import { errorMessage } from '../../features/auth/notify';
import { ToneBadge } from '../admin/ToneBadge';

/**
 * When the run on screen started and ended (it may have been started elsewhere: the CLI, cron, an
 * earlier visit), and why it failed if it did; or why the last run could not be read.
 */
export function RunSummary({ run, stalled = false, loadError, itemsError }: { run: JobRun | null; stalled?: boolean; loadError: unknown; itemsError?: unknown }) {
  if (!run) {
    if (!loadError) return null;
    return (
      <Alert variant="light" color="red" icon={<IconAlertCircle size={20} />} title="The last run could not be loaded">
        {errorMessage(loadError)}
      </Alert>
    );
  }
  return (
    <>
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {run.state === 'running' ? `Started ${dateTime(run.startedAt)}` : `Last run: started ${dateTime(run.startedAt)}, finished ${dateTime(run.finishedAt)}`}
        </Text>
        {run.dryRun ? (
          <ToneBadge tone="neutral">Dry run: nothing was changed</ToneBadge>
        ) : null}
      </Group>
      {stalled ? (
        <Alert variant="light" color="red" icon={<IconAlertCircle size={20} />} title="The run has stopped moving">
          Nothing has changed for over a minute: the server running it may have stopped. Start it again to resume where it stopped.
        </Alert>
      ) : null}
      {itemsError ? (
        <Alert variant="light" color="red" icon={<IconAlertCircle size={20} />} title="The run's results could not be loaded">
          {errorMessage(itemsError)}
        </Alert>
      ) : null}
      {run.state === 'failed' ? (
        <Alert variant="light" color="red" icon={<IconAlertCircle size={20} />} title="The run failed">
          {run.error ?? 'The run stopped before it finished.'} Start it again to finish the rest: what was done is kept.
        </Alert>
      ) : null}
    </>
  );
}
