import { Button, Group, Text } from '@mantine/core';
import { IconRefreshAlert, IconSparkles } from '@tabler/icons-react';

import { count } from '../../features/admin/format';
import { notifyChinese } from '../../features/admin/toasts';
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
  const { run, items, itemsError, loadError, running, stalled, starting, progress, start } = useJobRun<EnhanceResult>('enhance-profiles', {
    onFailed: (message) => notifyChinese('error', '批量处理失败', message ?? 'The enhancement stopped with an error.'),
  });
  const finished = run?.state === 'completed' ? run : null;
  const busy = running || starting;

  return (
    <MaintenanceShell title="Batch AI Enhancement" subtitle="Write the AI background and the embedding of profiles that lack them.">
      <AdminPanel title="Run">
        <Text size="sm">
          The <strong>smart run</strong> enhances only members without AI content or an embedding. The <strong>forced run</strong> rewrites them for everyone.
        </Text>
        <Text size="sm" c="dimmed">
          It works 20 profiles at a time and pauses between batches, so members’ own requests stay fast. New members are enhanced automatically when they sign up.
        </Text>
        <RunSummary run={run} stalled={stalled} loadError={loadError} itemsError={itemsError} />
        <Group gap="sm">
          <Button leftSection={<IconSparkles size={16} />} disabled={busy} onClick={() => void start({ force: false })}>
            Smart run (missing only)
          </Button>
          <Button variant="default" leftSection={<IconRefreshAlert size={16} />} disabled={busy} onClick={() => void start({ force: true })}>
            Forced run (everyone)
          </Button>
        </Group>
        {running && run ? <RunProgress run={run} progress={progress} label={run.options.force ? 'Enhancing every profile' : 'Enhancing profiles'} /> : null}
        {finished ? (
          <Stats
            items={[
              { name: 'Processed', value: count(finished.processed) },
              { name: 'AI backgrounds generated', value: items ? count(items.filter((item) => item.result.backgroundGenerated === true).length) : '…' },
              { name: 'Embeddings generated', value: items ? count(items.filter((item) => item.result.embeddingGenerated === true).length) : '…' },
              { name: 'Errors', value: count(finished.failed) },
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
