import { Box, Button, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconExternalLink, IconRefresh } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

import { type AdminFormat, useAdminFormat } from '../../features/admin/format';
import type { JobItem, JobRun } from '../../features/admin/jobs';
import { notifyRun } from '../../features/admin/toasts';
import { useJobRun } from '../../features/admin/useJobRun';
import { AdminPanel } from '../admin/AdminShell';
import { RequireAdmin } from '../admin/RequireAdmin';
import { WarningBox } from '../admin/WarningBox';
import { MaintenanceShell } from './MaintenanceShell';
import { RunProgress } from './RunProgress';
import { RunSummary } from './RunSummary';

interface EmbedResult {
  name: string | null;
  outcome: 'embedded' | 'unchanged';
}

/** The result text: from the items once loaded, from the run's own counts until then. */
function resultText(t: TFunction<'maintenance'>, { count }: AdminFormat, run: JobRun, items: JobItem<EmbedResult>[] | undefined): string {
  const embedded = items ? items.filter((item) => item.result.outcome === 'embedded').length : run.succeeded;
  const unchanged = items ? items.filter((item) => item.result.outcome === 'unchanged').length : run.skipped;
  return t('regenerate.result', { embedded, unchanged: count(unchanged), failed: count(run.failed), total: run.total });
}

function RegenerateEmbeddings() {
  const { t } = useTranslation('maintenance');
  const format = useAdminFormat();
  const { run, items, itemsError, loadError, running, stalled, starting, progress, start } = useJobRun<EmbedResult>('regenerate-embeddings', {
    onFailed: (message) => notifyRun('error', t('toast.regenerateFailed'), message ?? t('regenerate.stopped')),
  });

  return (
    <MaintenanceShell title={t('regenerate.title')} subtitle={t('regenerate.subtitle')}>
      <WarningBox title={t('regenerate.fixFirst')}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('regenerate.fixFirstBody')}</Text>
          <Button component="a" href="/fix-formats" target="_blank" rel="noopener noreferrer" variant="white" color="dark" size="compact-md" rightSection={<IconExternalLink size={14} />}>
            {t('regenerate.openFixFormats')}
            <VisuallyHidden> {t('regenerate.newTab')}</VisuallyHidden>
          </Button>
        </Stack>
      </WarningBox>
      <AdminPanel title={t('regenerate.panel')}>
        <Text size="sm" c="dimmed">
          {t('regenerate.intro')}
        </Text>
        <RunSummary run={run} stalled={stalled} loadError={loadError} itemsError={itemsError} />
        <Box>
          <Button leftSection={<IconRefresh size={16} />} loading={starting} disabled={running} onClick={() => void start()}>
            {t('regenerate.start')}
          </Button>
        </Box>
        {running && run ? <RunProgress run={run} progress={progress} label={t('regenerate.running')} /> : null}
        {run?.state === 'completed' ? (
          <Text fw={600} role="status" data-testid="embeddings-result">
            {resultText(t, format, run, items)}
          </Text>
        ) : null}
      </AdminPanel>
    </MaintenanceShell>
  );
}

/** /regenerate-embeddings (spec part 3, maintenance page 1). */
export function RegenerateEmbeddingsPage() {
  return <RequireAdmin>{() => <RegenerateEmbeddings />}</RequireAdmin>;
}
