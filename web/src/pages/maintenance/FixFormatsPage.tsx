import { Alert, Anchor, Box, Button, List, Stack, Text } from '@mantine/core';
import { IconInfoCircle, IconTool } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { useAdminFormat } from '../../features/admin/format';
import { notifyRun } from '../../features/admin/toasts';
import { useJobRun } from '../../features/admin/useJobRun';
import { AdminPanel } from '../admin/AdminShell';
import classes from '../admin/Admin.module.css';
import { RequireAdmin } from '../admin/RequireAdmin';
import { MaintenanceShell } from './MaintenanceShell';
import { ResultsList } from './ResultsList';
import { RunProgress } from './RunProgress';
import { RunSummary } from './RunSummary';

/** One item of a fix-formats run: the values after the fix, and which of them changed. */
interface FixResult {
  name: string | null;
  locationUpdated: boolean;
  professionUpdated: boolean;
  location: string | null;
  profession: string | null;
}

/** The rules' own inputs and outputs, shown as they are in every language. */
function Examples() {
  const { t } = useTranslation('maintenance');
  return (
    <List size="sm" spacing={4}>
      <List.Item>{t('fixFormats.example.one', { from: 'Canada+British Columbia+Langley', to: 'Langley, BC, Canada' })}</List.Item>
      <List.Item>{t('fixFormats.example.two', { a: 'Vancouver, Canada', b: 'Vancouver', to: 'Vancouver, BC, Canada' })}</List.Item>
      <List.Item>
        <Trans
          t={t}
          i18nKey="fixFormats.example.chinese"
          values={{ a: '高中生', aTo: 'High School Student', b: '软件开发', bTo: 'Software Developer' }}
          components={{ zh: <span lang="zh-CN" /> }}
        />
      </List.Item>
    </List>
  );
}

function FixFormats() {
  const { t } = useTranslation('maintenance');
  const { count } = useAdminFormat();
  const { run, items, itemsError, loadError, running, stalled, starting, progress, start } = useJobRun<FixResult>('fix-formats', {
    onFailed: (message) => notifyRun('error', t('toast.fixFailed'), message ?? t('fixFormats.stopped')),
  });
  const finished = run?.state === 'completed' ? run : null;
  const updated = items?.filter((item) => item.result.locationUpdated === true || item.result.professionUpdated === true) ?? [];

  return (
    <MaintenanceShell title={t('fixFormats.title')} subtitle={t('fixFormats.subtitle')}>
      <AdminPanel title={t('fixFormats.what')}>
        <Examples />
        <Text size="sm" c="dimmed">
          {t('fixFormats.leftAlone')}
        </Text>
      </AdminPanel>
      <AdminPanel title={t('common.run')}>
        <RunSummary run={run} stalled={stalled} loadError={loadError} itemsError={itemsError} />
        {running && run ? (
          <RunProgress run={run} progress={progress} label={t('fixFormats.running')} />
        ) : (
          <Box>
            <Button leftSection={<IconTool size={16} />} loading={starting} onClick={() => void start()}>
              {t('fixFormats.start')}
            </Button>
          </Box>
        )}
        {finished ? (
          <Stack gap="md">
            <Text fw={700} fz="lg" data-testid="fix-formats-result">
              {t('fixFormats.result', { updated: count(finished.succeeded), count: finished.total })}
            </Text>
            <Alert variant="light" color="violet" icon={<IconInfoCircle size={20} />} title={t('fixFormats.nextTitle')}>
              <Trans
                t={t}
                i18nKey="fixFormats.nextBody"
                components={{ regenerate: <Anchor component={Link} to="/regenerate-embeddings" c="violet.9" underline="always" /> }}
              />
            </Alert>
            {updated.length > 0 ? (
              <ResultsList label={t('fixFormats.updatedProfiles')} maxHeight="24rem">
                {updated.map((item) => (
                  <li key={item.key} className={classes.card}>
                    <Text size="sm" fw={600}>
                      {item.result.name ?? t('common.unnamed')}
                    </Text>
                    {item.result.locationUpdated ? <Text size="sm">{t('common.location', { value: item.result.location })}</Text> : null}
                    {item.result.professionUpdated ? <Text size="sm">{t('common.profession', { value: item.result.profession })}</Text> : null}
                  </li>
                ))}
              </ResultsList>
            ) : null}
          </Stack>
        ) : null}
      </AdminPanel>
    </MaintenanceShell>
  );
}

/** /fix-formats (spec part 3, maintenance page 3). */
export function FixFormatsPage() {
  return <RequireAdmin>{() => <FixFormats />}</RequireAdmin>;
}
