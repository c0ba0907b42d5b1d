import { Alert, Group, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { useAdminFormat } from '../../features/admin/format';
import type { JobRun } from '../../features/admin/jobs';
import { errorMessage } from '../../features/auth/notify';
import { ToneBadge } from '../admin/ToneBadge';

/**
 * When the run on screen started and ended (it may have been started elsewhere: the CLI, cron, an
 * earlier visit), and why it failed if it did; or why the last run could not be read.
 */
export function RunSummary({ run, stalled = false, loadError, itemsError }: { run: JobRun | null; stalled?: boolean; loadError: unknown; itemsError?: unknown }) {
  const { t } = useTranslation('maintenance');
  const { dateTime } = useAdminFormat();
  if (!run) {
    if (!loadError) return null;
    return (
      <Alert variant="light" color="red" icon={<IconAlertCircle size={20} />} title={t('summary.loadFailed')}>
        {errorMessage(loadError)}
      </Alert>
    );
  }
  return (
    <>
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {run.state === 'running' ? t('summary.started', { when: dateTime(run.startedAt) }) : t('summary.lastRun', { started: dateTime(run.startedAt), finished: dateTime(run.finishedAt) })}
        </Text>
        {run.dryRun ? (
          <ToneBadge tone="neutral">{t('summary.dryRun')}</ToneBadge>
        ) : null}
      </Group>
      {stalled ? (
        <Alert variant="light" color="red" icon={<IconAlertCircle size={20} />} title={t('summary.stalledTitle')}>
          {t('summary.stalledBody')}
        </Alert>
      ) : null}
      {itemsError ? (
        <Alert variant="light" color="red" icon={<IconAlertCircle size={20} />} title={t('summary.itemsFailed')}>
          {errorMessage(itemsError)}
        </Alert>
      ) : null}
      {run.state === 'failed' ? (
        <Alert variant="light" color="red" icon={<IconAlertCircle size={20} />} title={t('summary.failedTitle')}>
          {t('summary.failedBody', { error: run.error ?? t('summary.stoppedEarly') })}
        </Alert>
      ) : null}
    </>
  );
}
