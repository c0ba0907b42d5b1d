import { Box, Group, Text } from '@mantine/core';

import type { JobRun } from '../../features/admin/jobs';
import { runStatusLine } from '../../features/admin/jobs';
import classes from './Admin.module.css';
import { ToneBadge } from './ToneBadge';

const stateTone = { running: 'info', completed: 'positive', failed: 'negative' } as const;

/** The last runs of the batch jobs, newest first, one status line each. */
export function JobRunsList({ runs }: { runs: JobRun[] }) {
  if (runs.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No job has run yet.
      </Text>
    );
  }
  return (
    <Box component="ul" className={classes.plainList} aria-label="Last runs">
      {runs.map((run) => (
        <li key={run.id} className={classes.card}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <ToneBadge tone={stateTone[run.state]} miw={92}>
              {run.state}
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
