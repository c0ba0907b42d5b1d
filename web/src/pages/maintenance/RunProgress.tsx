import { Group, Loader, Progress, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

import { count, plural } from '../../features/admin/format';
import type { JobRun } from '../../features/admin/jobs';

/** A running run: a spinner, how far it got, a progress bar; the numbers are read from the run's row each second. */
export function RunProgress({ run, progress, label, note }: { run: JobRun; progress: number; label: string; note?: ReactNode }) {
  const counted = run.total > 0 ? `${count(run.processed)} of ${plural(run.total, 'profile')}` : 'Finding the profiles to process';
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="nowrap">
        <Loader size="sm" color="violet" aria-hidden />
        <Text size="sm" fw={600} role="status" data-testid="run-progress">
          {label}: {counted}…
        </Text>
      </Group>
      <Progress value={progress} animated striped size="lg" aria-label={`${label} progress`} />
      {note ? (
        <Text size="sm" c="dimmed">
          {note}
        </Text>
      ) : null}
    </Stack>
  );
}
