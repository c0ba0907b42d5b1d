import { Group, Loader, Progress, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { useAdminFormat } from '../../features/admin/format';
import type { JobRun } from '../../features/admin/jobs';

/** A running run: a spinner, how far it got, a progress bar; the numbers are read from the run's row each second. */
export function RunProgress({ run, progress, label, note }: { run: JobRun; progress: number; label: string; note?: ReactNode }) {
  const { t } = useTranslation('maintenance');
  const { count } = useAdminFormat();
  const counted = run.total > 0 ? t('progress.counted', { processed: count(run.processed), count: run.total }) : t('progress.finding');
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="nowrap">
        <Loader size="sm" color="violet" aria-hidden />
        <Text size="sm" fw={600} role="status" data-testid="run-progress">
          {t('progress.line', { label, counted })}
        </Text>
      </Group>
      <Progress value={progress} animated striped size="lg" aria-label={t('progress.aria', { label })} />
      {note ? (
        <Text size="sm" c="dimmed">
          {note}
        </Text>
      ) : null}
    </Stack>
  );
}
