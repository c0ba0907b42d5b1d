import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleMinus, IconCircleX, IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { useAdminFormat } from '../../features/admin/format';
import type { JobItem } from '../../features/admin/jobs';
import { notifyRun } from '../../features/admin/toasts';
import { useJobRun } from '../../features/admin/useJobRun';
import { AdminPanel } from '../admin/AdminShell';
import classes from '../admin/Admin.module.css';
import { RequireAdmin } from '../admin/RequireAdmin';
import { Stats } from '../admin/Stats';
import { MaintenanceShell } from './MaintenanceShell';
import { ResultsList } from './ResultsList';
import { RunProgress } from './RunProgress';
import { RunSummary } from './RunSummary';

type Outcome = 'updated' | 'skipped' | 'failed';

interface AddressResult {
  name: string | null;
  original: string | null;
  standardized: string | null;
  reason: string | null;
  error: string | null;
  status: Outcome;
}

/** The job's own verdict; an item that threw carries none and counts as failed. */
function outcomeOf(item: JobItem<AddressResult>): Outcome {
  if (item.status === 'failed') return 'failed';
  return item.result.status ?? (item.status === 'succeeded' ? 'updated' : 'skipped');
}

const icons = {
  updated: { icon: IconCircleCheck, color: 'var(--mantine-color-teal-8)', label: 'common.updated' },
  skipped: { icon: IconCircleMinus, color: 'var(--mantine-color-gray-7)', label: 'common.skipped' },
  failed: { icon: IconCircleX, color: 'var(--mantine-color-red-8)', label: 'common.failed' },
} as const;

function DetailRow({ item }: { item: JobItem<AddressResult> }) {
  const { t } = useTranslation('maintenance');
  const outcome = outcomeOf(item);
  const { icon: Icon, color, label } = icons[outcome];
  const { name, original, standardized, reason, error } = item.result;
  return (
    <li className={classes.card} data-testid="address-detail">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Icon size={22} color={color} role="img" aria-label={t(label)} style={{ flexShrink: 0, marginTop: 2 }} />
        <Stack gap={2} miw={0}>
          <Text size="sm" fw={600}>
            {name ?? t('common.unnamed')}
          </Text>
          <Text size="sm" className={classes.wrap}>
            {t('locations.original', { value: original || '—' })}
          </Text>
          {standardized ? (
            <Text size="sm" className={classes.wrap}>
              {t('locations.new', { value: standardized })}
            </Text>
          ) : null}
          {reason ? (
            <Text size="sm" c="dimmed" className={classes.wrap}>
              {reason}
            </Text>
          ) : null}
          {error ? (
            <Text size="sm" c="red.8" className={classes.wrap}>
              {error}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </li>
  );
}

function BatchStandardizeLocations() {
  const { t } = useTranslation('maintenance');
  const { count } = useAdminFormat();
  const { run, items, itemsError, loadError, running, stalled, starting, progress, start } = useJobRun<AddressResult>('standardize-locations', {
    onFailed: (message) => notifyRun('error', t('toast.processingFailed'), message ?? t('locations.stopped')),
  });
  const finished = run?.state === 'completed' ? run : null;
  const tally = (outcome: Outcome) => (items ? count(items.filter((item) => outcomeOf(item) === outcome).length) : '…');

  return (
    <MaintenanceShell title={t('locations.title')} subtitle={t('locations.subtitle')}>
      <AdminPanel title={t('common.run')}>
        <RunSummary run={run} stalled={stalled} loadError={loadError} itemsError={itemsError} />
        <Box>
          <Button leftSection={<IconMapPin size={16} />} loading={starting} disabled={running} onClick={() => void start()}>
            {t('locations.start')}
          </Button>
        </Box>
        {running && run ? <RunProgress run={run} progress={progress} label={t('locations.running')} /> : null}
        {finished ? (
          <Stack gap="md">
            <Stats
              items={[
                { name: t('common.updated'), value: tally('updated') },
                { name: t('common.skipped'), value: tally('skipped') },
                { name: t('common.failed'), value: tally('failed') },
              ]}
            />
            {items && items.length > 0 ? (
              <ResultsList label={t('locations.details')} height={400}>
                {items.map((item) => (
                  <DetailRow key={item.key} item={item} />
                ))}
              </ResultsList>
            ) : null}
          </Stack>
        ) : null}
      </AdminPanel>
    </MaintenanceShell>
  );
}

/** /batch-standardize-locations (spec part 3, maintenance page 4). */
export function BatchStandardizeLocationsPage() {
  return <RequireAdmin>{() => <BatchStandardizeLocations />}</RequireAdmin>;
}
