import { Box, Button, Group, Text } from '@mantine/core';
import { IconWand } from '@tabler/icons-react';

import { count, plural } from '../../features/admin/format';
import type { JobItem } from '../../features/admin/jobs';
import { notifyChinese } from '../../features/admin/toasts';
import { useJobRun } from '../../features/admin/useJobRun';
import { AdminPanel } from '../admin/AdminShell';
import classes from '../admin/Admin.module.css';
import { RequireAdmin } from '../admin/RequireAdmin';
import { Stats } from '../admin/Stats';
import { ToneBadge } from '../admin/ToneBadge';
import { WarningBox } from '../admin/WarningBox';
import { MaintenanceShell } from './MaintenanceShell';
import { ResultsList } from './ResultsList';
import { RunProgress } from './RunProgress';
import { RunSummary } from './RunSummary';

interface StandardizeResult {
  name: string | null;
  profileId: string;
  locationUpdated: boolean;
  professionUpdated: boolean;
  changes: { location?: string | null; profession?: string | null };
  error?: string | null;
}

/** The spec shows the first 8 characters of a profile id. */
const shortId = (id: string) => id.slice(0, 8);

function ResultRow({ item }: { item: JobItem<StandardizeResult> }) {
  const { name, profileId, locationUpdated, professionUpdated, changes, error } = item.result;
  const failed = item.status === 'failed';
  return (
    <li className={classes.card} data-testid="standardize-result">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {name ?? 'Unnamed profile'}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {shortId(profileId ?? item.key)}
        </Text>
      </Group>
      <Group gap={6} mt={4}>
        {locationUpdated ? <ToneBadge tone="positive">Address updated</ToneBadge> : null}
        {professionUpdated ? <ToneBadge tone="info">Profession updated</ToneBadge> : null}
        {failed ? <ToneBadge tone="negative">Error</ToneBadge> : null}
        {!locationUpdated && !professionUpdated && !failed ? <ToneBadge tone="neutral">No update needed</ToneBadge> : null}
      </Group>
      {locationUpdated && changes?.location ? (
        <Text size="sm" mt={4} className={classes.wrap}>
          Location: {changes.location}
        </Text>
      ) : null}
      {professionUpdated && changes?.profession ? (
        <Text size="sm" className={classes.wrap}>
          Profession: {changes.profession}
        </Text>
      ) : null}
      {error ? (
        <Text size="sm" c="red.8" className={classes.wrap}>
          {error}
        </Text>
      ) : null}
    </li>
  );
}

function BatchStandardize() {
  const { run, items, itemsError, loadError, running, stalled, starting, progress, start } = useJobRun<StandardizeResult>('standardize-profiles', {
    onCompleted: (done) => notifyChinese('success', '批量标准化完成', `Processed ${plural(done.processed, 'profile')}; ${count(done.succeeded)} updated.`),
    onFailed: (message) => notifyChinese('error', '处理失败', message || '批量标准化过程中发生错误'),
  });
  const finished = run?.state === 'completed' ? run : null;

  return (
    <MaintenanceShell title="Batch AI Standardization" subtitle="Standardize every profile’s address and profession with AI.">
      <AdminPanel title="Standardize profile data">
        <Text size="sm">
          Addresses become <strong>City, Province or State, Country</strong> (“Langley, BC, Canada”); professions are sorted into a fixed set of categories. Known
          places and professions are read by rules; only the rest goes to the AI, and its answer is checked before it is used.
        </Text>
        <WarningBox title="This changes existing member data">Back up the database first. The run may take a few minutes.</WarningBox>
        <RunSummary run={run} stalled={stalled} loadError={loadError} itemsError={itemsError} />
        {running && run ? (
          <RunProgress
            run={run}
            progress={progress}
            label="Standardizing profiles"
            note="Please don’t close this page while it runs. If you do, the run continues on the server; reopen this page to follow it."
          />
        ) : (
          <Box>
            <Button leftSection={<IconWand size={16} />} loading={starting} onClick={() => void start()}>
              Start standardization
            </Button>
          </Box>
        )}
      </AdminPanel>
      {finished ? (
        <AdminPanel title="Results">
          <Stats
            items={[
              { name: 'Total profiles', value: count(finished.total) },
              { name: 'Processed', value: count(finished.processed) },
              { name: 'Updated', value: count(finished.succeeded) },
            ]}
          />
          {items && items.length > 0 ? (
            <ResultsList label="Standardization results" maxHeight="24rem">
              {items.map((item) => (
                <ResultRow key={item.key} item={item} />
              ))}
            </ResultsList>
          ) : null}
        </AdminPanel>
      ) : null}
    </MaintenanceShell>
  );
}

/** /batch-standardize (spec part 3, maintenance page 5). */
export function BatchStandardizePage() {
  return <RequireAdmin>{() => <BatchStandardize />}</RequireAdmin>;
}
