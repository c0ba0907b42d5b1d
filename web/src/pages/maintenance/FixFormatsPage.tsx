import { Alert, Anchor, Box, Button, List, Stack, Text } from '@mantine/core';
import { IconInfoCircle, IconTool } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

import { count, plural } from '../../features/admin/format';
import { notifyChinese } from '../../features/admin/toasts';
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

function Examples() {
  return (
    <List size="sm" spacing={4}>
      <List.Item>“Canada+British Columbia+Langley” becomes “Langley, BC, Canada”.</List.Item>
      <List.Item>“Vancouver, Canada” and “Vancouver” become “Vancouver, BC, Canada”.</List.Item>
      <List.Item>
        Chinese profession names become English: “<span lang="zh-CN">高中生</span>” becomes “High School Student”, “<span lang="zh-CN">软件开发</span>” becomes
        “Software Developer”.
      </List.Item>
    </List>
  );
}

function FixFormats() {
  const { run, items, itemsError, loadError, running, stalled, starting, progress, start } = useJobRun<FixResult>('fix-formats', {
    onFailed: (message) => notifyChinese('error', '修复失败', message ?? 'The format fix stopped with an error.'),
  });
  const finished = run?.state === 'completed' ? run : null;
  const updated = items?.filter((item) => item.result.locationUpdated === true || item.result.professionUpdated === true) ?? [];

  return (
    <MaintenanceShell title="Fix Profile Formats" subtitle="A rule-based fix of address and profession formats. No AI: it is quick, and safe to run again.">
      <AdminPanel title="What it fixes">
        <Examples />
        <Text size="sm" c="dimmed">
          Values the rules cannot read, and values already in their standard form, are left as they are.
        </Text>
      </AdminPanel>
      <AdminPanel title="Run">
        <RunSummary run={run} stalled={stalled} loadError={loadError} itemsError={itemsError} />
        {running && run ? (
          <RunProgress run={run} progress={progress} label="Fixing formats" />
        ) : (
          <Box>
            <Button leftSection={<IconTool size={16} />} loading={starting} onClick={() => void start()}>
              Fix formats
            </Button>
          </Box>
        )}
        {finished ? (
          <Stack gap="md">
            <Text fw={700} fz="lg" data-testid="fix-formats-result">
              Updated {count(finished.succeeded)} of {plural(finished.total, 'profile')}.
            </Text>
            <Alert variant="light" color="violet" icon={<IconInfoCircle size={20} />} title="Regenerate embeddings next">
              Search reads each profile’s embedding, made from its text.{' '}
              <Anchor component={Link} to="/regenerate-embeddings" c="violet.9" underline="always">
                Regenerate embeddings
              </Anchor>{' '}
              so it sees the fixed values.
            </Alert>
            {updated.length > 0 ? (
              <ResultsList label="Updated profiles" maxHeight="24rem">
                {updated.map((item) => (
                  <li key={item.key} className={classes.card}>
                    <Text size="sm" fw={600}>
                      {item.result.name ?? 'Unnamed profile'}
                    </Text>
                    {item.result.locationUpdated ? <Text size="sm">Location: {item.result.location}</Text> : null}
                    {item.result.professionUpdated ? <Text size="sm">Profession: {item.result.profession}</Text> : null}
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
