import { Box, Button, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconExternalLink, IconRefresh } from '@tabler/icons-react';

import { count, plural } from '../../features/admin/format';
import type { JobItem, JobRun } from '../../features/admin/jobs';
import { notifyChinese } from '../../features/admin/toasts';
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
function resultText(run: JobRun, items: JobItem<EmbedResult>[] | undefined): string {
  const embedded = items ? items.filter((item) => item.result.outcome === 'embedded').length : run.succeeded;
  const unchanged = items ? items.filter((item) => item.result.outcome === 'unchanged').length : run.skipped;
  return `Done: ${plural(embedded, 'embedding')} regenerated, ${count(unchanged)} unchanged, ${count(run.failed)} failed, of ${plural(run.total, 'profile')}.`;
}

function RegenerateEmbeddings() {
  const { run, items, itemsError, loadError, running, stalled, starting, progress, start } = useJobRun<EmbedResult>('regenerate-embeddings', {
    onFailed: (message) => notifyChinese('error', '重新生成失败', message ?? 'Regenerating embeddings stopped with an error.'),
  });

  return (
    <MaintenanceShell title="Regenerate Embeddings" subtitle="Rebuild every profile’s search vector with the current embedding model.">
      <WarningBox title="Fix formats first">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">Embeddings are made from each profile’s text. Run the rule-based format fix first, so they are made from clean addresses and professions.</Text>
          <Button component="a" href="/fix-formats" target="_blank" rel="noopener noreferrer" variant="white" color="dark" size="compact-md" rightSection={<IconExternalLink size={14} />}>
            Open Fix Formats
            <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
          </Button>
        </Stack>
      </WarningBox>
      <AdminPanel title="Regenerate">
        <Text size="sm" c="dimmed">
          Members keep searching while it runs: search switches to the new vectors once every profile has one.
        </Text>
        <RunSummary run={run} stalled={stalled} loadError={loadError} itemsError={itemsError} />
        <Box>
          <Button leftSection={<IconRefresh size={16} />} loading={starting} disabled={running} onClick={() => void start()}>
            Regenerate all embeddings
          </Button>
        </Box>
        {running && run ? <RunProgress run={run} progress={progress} label="Regenerating embeddings" /> : null}
        {run?.state === 'completed' ? (
          <Text fw={600} role="status" data-testid="embeddings-result">
            {resultText(run, items)}
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
