import { Box, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { JobRun } from '../../features/admin/jobs';
import { useRunStatusLine } from '../../features/admin/jobs';
import classes from './Admin.module.css';
import { ToneBadge } from './ToneBadge';

const stateTone = { running: 'info', completed: 'positive', failed: 'negative' } as const;

/** The last runs of the batch jobs, newest first, one status line each. */
export function JobRunsList({ runs }: { runs: JobRun[] }) {
  const { t } = useTranslation('admin');
  const runStatusLine = useRunStatusLine();
  if (runs.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('jobs.none')}
      </Text>
    );
  }
  return (
    <Box component="ul" className={classes.plainList} aria-label={t('jobs.lastRuns')}>
      {runs.map((run) => (
        <li key={run.id} className={classes.card}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <ToneBadge tone={stateTone[run.state]} miw={92}>
              {t(`jobs.state.${run.state}`)}
            </ToneBadge>
            <Text size="sm" className={classes.wrap} data-testid="job-run-line">
              {runStatusLine(run)}
            </Text>
          </Group>
        </li>
      ))}
    </Box>
  );
}
