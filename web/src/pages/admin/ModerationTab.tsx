import { Avatar, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { useState } from 'react';

import { errorMessage, notify } from '../../features/auth/notify';
import { ACTION_DONE, actOnReports, type ModerationAction, type QueueEntry, type QueuedReport, useModerationQueue } from '../../features/admin/moderation';
import { REPORT_REASONS } from '../../features/moderation/api';
import { AdminPanel } from './AdminShell';
import { ConfirmDialog } from './ConfirmDialog';

const reasonLabel = (reason: string) => REPORT_REASONS.find((r) => r.value === reason)?.label ?? reason;
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** What was reported, as it was when reported. */
function Evidence({ report }: { report: QueuedReport }) {
  const { evidence } = report;
  const text =
    evidence.type === 'message'
      ? `Message “${evidence.subject ?? ''}”: ${evidence.content ?? ''}`
      : evidence.type === 'moment'
        ? `Moment: ${evidence.text ?? evidence.caption ?? '(picture or video)'}`
        : `Profile: ${[evidence.profession, evidence.location].filter(Boolean).join(' · ')}${evidence.bio ? ` — ${evidence.bio}` : ''}`;
  return (
    <Stack gap={2} component="li">
      <Group gap="xs">
        <Badge variant="light" color="red">
          {reasonLabel(report.reason)}
        </Badge>
        <Text size="xs" c="dimmed">
          {when(report.createdAt)}
        </Text>
      </Group>
      <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {text}
      </Text>
      {report.note ? (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          Note: {report.note}
        </Text>
      ) : null}
    </Stack>
  );
}

function Entry({ entry, onDone }: { entry: QueueEntry; onDone: () => void }) {
  const [busy, setBusy] = useState<ModerationAction | null>(null);
  const [confirm, setConfirm] = useState<'delete' | 'suspend' | null>(null);
  const act = async (action: ModerationAction) => {
    setBusy(action);
    try {
      const { resolved } = await actOnReports(entry.userId, action);
      notify('success', 'Report resolved', `${entry.name}: ${ACTION_DONE[action]} (${resolved} report${resolved === 1 ? '' : 's'} closed). Recorded in the audit log.`);
      setConfirm(null);
      onDone();
    } catch (error) {
      notify('error', 'Action failed', errorMessage(error));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={`Reports about ${entry.name}`}>
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Avatar src={entry.avatarUrl} alt="" radius="xl" color="gray" variant="light">
            {entry.name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={800}>{entry.name}</Text>
              {entry.overdue ? (
                <Badge color="red" variant="filled" leftSection={<IconAlertTriangle size={12} />}>
                  Over 24 h
                </Badge>
              ) : null}
              {entry.hidden ? (
                <Badge color="gray" variant="light">
                  Hidden
                </Badge>
              ) : null}
              {entry.suspended ? (
                <Badge color="red" variant="light">
                  Suspended
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {entry.email}
              {entry.userCode ? ` · code ${entry.userCode}` : ''}
            </Text>
            <Text size="sm">
              {entry.distinctReporters} member{entry.distinctReporters === 1 ? '' : 's'} reported · first {when(entry.oldestReportAt)}
            </Text>
          </Stack>
        </Group>
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Reports">
          {entry.reports.map((report) => (
            <Evidence key={report.id} report={report} />
          ))}
        </Stack>
        <Group gap="xs">
          <Button size="xs" variant="default" loading={busy === 'dismiss'} onClick={() => void act('dismiss')}>
            Dismiss
          </Button>
          <Button size="xs" variant="default" loading={busy === 'warn'} onClick={() => void act('warn')}>
            Warn
          </Button>
          <Button size="xs" variant="default" loading={busy === 'hide' || busy === 'unhide'} onClick={() => void act(entry.hidden ? 'unhide' : 'hide')}>
            {entry.hidden ? 'Show profile again' : 'Hide profile'}
          </Button>
          {entry.suspended ? (
            <Button size="xs" variant="default" loading={busy === 'unsuspend'} onClick={() => void act('unsuspend')}>
              Lift suspension
            </Button>
          ) : (
            <Button size="xs" color="red.9" variant="outline" onClick={() => setConfirm('suspend')}>
              Suspend
            </Button>
          )}
          <Button size="xs" color="red.9" variant="outline" onClick={() => setConfirm('delete')}>
            Delete account
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirm === 'suspend'}
        title={`Suspend ${entry.name}?`}
        confirmLabel="Suspend"
        icon={<IconLock size={16} />}
        busy={busy === 'suspend'}
        onCancel={() => setConfirm(null)}
        onConfirm={() => void act('suspend')}
      >
        They are signed out on every device and cannot sign in until you lift the suspension. They are told by e-mail, with the support address.
      </ConfirmDialog>
      <ConfirmDialog
        opened={confirm === 'delete'}
        title={`Delete ${entry.name}'s account?`}
        confirmLabel="Delete account"
        busy={busy === 'delete'}
        onCancel={() => setConfirm(null)}
        onConfirm={() => void act('delete')}
      >
        The account is deleted as if the member had deleted it: hidden at once, all data removed after 90 days.
      </ConfirmDialog>
    </Paper>
  );
}

/** Members' reports, the longest waiting first; every action closes that member's open reports and is audited. */
export function ModerationTab() {
  const { data, error, mutate } = useModerationQueue();
  return (
    <AdminPanel title="Moderation">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Reports are reviewed within {data?.reviewWithinHours ?? 24} hours. Dismiss closes them; Warn sends the member a message from the team; Hide keeps the profile out of search, feeds, touchpoints and away from strangers while you look (they may still answer conversations already going); Suspend signs them out and keeps them out; Delete removes the account. Hidden and suspended members are undone from the Users tab.
        </Text>
        {error ? <Text size="sm">Failed to load reports. Make sure you have admin permissions.</Text> : null}
        {data && data.queue.length === 0 ? <Text size="sm">No open reports.</Text> : null}
        {data?.queue.map((entry) => (
          <Entry key={entry.userId} entry={entry} onDone={() => void mutate()} />
        ))}
      </Stack>
    </AdminPanel>
  );
}
