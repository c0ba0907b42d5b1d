import { Box, Button, Group, Text } from '@mantine/core';
import { IconWand } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';

import { useAdminFormat } from '../../features/admin/format';
import type { JobItem } from '../../features/admin/jobs';
import { notifyRun } from '../../features/admin/toasts';
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
  const { t } = useTranslation('maintenance');
  const { name, profileId, locationUpdated, professionUpdated, changes, error } = item.result;
  const failed = item.status === 'failed';
  return (
    <li className={classes.card} data-testid="standardize-result">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {name ?? t('common.unnamed')}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {shortId(profileId ?? item.key)}
        </Text>
      </Group>
      <Group gap={6} mt={4}>
        {locationUpdated ? <ToneBadge tone="positive">{t('standardize.addressUpdated')}</ToneBadge> : null}
        {professionUpdated ? <ToneBadge tone="info">{t('standardize.professionUpdated')}</ToneBadge> : null}
        {failed ? <ToneBadge tone="negative">{t('standardize.error')}</ToneBadge> : null}
        {!locationUpdated && !professionUpdated && !failed ? <ToneBadge tone="neutral">{t('standardize.noUpdate')}</ToneBadge> : null}
      </Group>
      {locationUpdated && changes?.location ? (
        <Text size="sm" mt={4} className={classes.wrap}>
          {t('common.location', { value: changes.location })}
        </Text>
      ) : null}
      {professionUpdated && changes?.profession ? (
        <Text size="sm" className={classes.wrap}>
          {t('common.profession', { value: changes.profession })}
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
  const { t } = useTranslation('maintenance');
  const { count } = useAdminFormat();
  const { run, items, itemsError, loadError, running, stalled, starting, progress, start } = useJobRun<StandardizeResult>('standardize-profiles', {
    onCompleted: (done) => notifyRun('success', t('toast.standardized'), t('toast.standardizedMessage', { count: done.processed, updated: count(done.succeeded) })),
    onFailed: (message) => notifyRun('error', t('toast.processingFailed'), message || t('toast.standardizeError')),
  });
  const finished = run?.state === 'completed' ? run : null;

  return (
    <MaintenanceShell title={t('standardize.title')} subtitle={t('standardize.subtitle')}>
      <AdminPanel title={t('standardize.panel')}>
        <Text size="sm">
          <Trans t={t} i18nKey="standardize.intro" values={{ example: 'Langley, BC, Canada' }} components={{ strong: <strong /> }} />
        </Text>
        <WarningBox title={t('standardize.warningTitle')}>{t('standardize.warningBody')}</WarningBox>
        <RunSummary run={run} stalled={stalled} loadError={loadError} itemsError={itemsError} />
        {running && run ? (
          <RunProgress
            run={run}
            progress={progress}
            label={t('standardize.running')}
            note={t('standardize.note')}
          />
        ) : (
          <Box>
            <Button leftSection={<IconWand size={16} />} loading={starting} onClick={() => void start()}>
              {t('standardize.start')}
            </Button>
          </Box>
        )}
      </AdminPanel>
      {finished ? (
        <AdminPanel title={t('standardize.results')}>
          <Stats
            items={[
              { name: t('standardize.total'), value: count(finished.total) },
              { name: t('common.processed'), value: count(finished.processed) },
              { name: t('common.updated'), value: count(finished.succeeded) },
            ]}
          />
          {items && items.length > 0 ? (
            <ResultsList label={t('standardize.resultsLabel')} maxHeight="24rem">
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
