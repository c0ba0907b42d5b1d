import { Button, Group, Text } from '@mantine/core';
import { IconRefreshAlert, IconSparkles } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';

import { useAdminFormat } from '../../features/admin/format';
import { notifyRun } from '../../features/admin/toasts';
import { useJobRun } from '../../features/admin/useJobRun';
import { AdminPanel } from '../admin/AdminShell';
import { RequireAdmin } from '../admin/RequireAdmin';
import { Stats } from '../admin/Stats';
import { MaintenanceShell } from './MaintenanceShell';
import { RunProgress } from './RunProgress';
import { RunSummary } from './RunSummary';

interface EnhanceResult {
  name: string | null;
  backgroundGenerated: boolean;
  embeddingGenerated: boolean;
}

function BatchEnhance() {
  const { t } = useTranslation('maintenance');
  const { count } = useAdminFormat();
  const { run, items, itemsError, loadError, running, stalled, starting, progress, start } = useJobRun<EnhanceResult>('enhance-profiles', {
    onFailed: (message) => notifyRun('error', t('toast.batchFailed'), message ?? t('enhance.stopped')),
  });
  const finished = run?.state === 'completed' ? run : null;
  const busy = running || starting;

  return (
    <MaintenanceShell title={t('enhance.title')} subtitle={t('enhance.subtitle')}>
      <AdminPanel title={t('common.run')}>
        <Text size="sm">
          <Trans t={t} i18nKey="enhance.intro" components={{ strong: <strong /> }} />
        </Text>
        <Text size="sm" c="dimmed">
          {t('enhance.pace', { size: 20 })}
        </Text>
        <RunSummary run={run} stalled={stalled} loadError={loadError} itemsError={itemsError} />
        <Group gap="sm">
          <Button leftSection={<IconSparkles size={16} />} disabled={busy} onClick={() => void start({ force: false })}>
            {t('enhance.smart')}
          </Button>
          <Button variant="default" leftSection={<IconRefreshAlert size={16} />} disabled={busy} onClick={() => void start({ force: true })}>
            {t('enhance.forced')}
          </Button>
        </Group>
        {running && run ? <RunProgress run={run} progress={progress} label={run.options.force ? t('enhance.runningForced') : t('enhance.running')} /> : null}
        {finished ? (
          <Stats
            items={[
              { name: t('common.processed'), value: count(finished.processed) },
              { name: t('enhance.backgrounds'), value: items ? count(items.filter((item) => item.result.backgroundGenerated === true).length) : '…' },
              { name: t('enhance.embeddings'), value: items ? count(items.filter((item) => item.result.embeddingGenerated === true).length) : '…' },
              { name: t('common.errors'), value: count(finished.failed) },
            ]}
          />
        ) : null}
      </AdminPanel>
    </MaintenanceShell>
  );
}

/** /batch-enhance-profiles (spec part 3, maintenance page 2). */
export function BatchEnhancePage() {
  return <RequireAdmin>{() => <BatchEnhance />}</RequireAdmin>;
}
