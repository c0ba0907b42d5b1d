import { Avatar, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconEyeOff, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';

import { errorMessage, notify } from '../../features/auth/notify';
import { isStepUpCancelled, useStepUp } from '../../features/auth/stepUp';
import { ACTION_DONE, actOnReports, type Grounds, type ModerationAction, type ModerationReason, type QueueEntry, type QueuedReport, useModerationQueue } from '../../features/admin/moderation';
import { useFormat } from '../../i18n/useFormat';
import { AdminPanel } from './AdminShell';
import { GroundsDialog } from './GroundsDialog';
import { isReason, REASONS } from './reasons';

/** What was reported, as it was when reported. */
function Evidence({ report }: { report: QueuedReport }) {
  const { t } = useTranslation('admin');
  const { dateTime } = useFormat();
  const { evidence } = report;
  const text =
    evidence.type === 'message'
      ? t('moderation.evidence.message', { subject: evidence.subject ?? '', content: evidence.content ?? '' })
      : evidence.type === 'moment'
        ? t('moderation.evidence.moment', { text: evidence.text ?? evidence.caption ?? t('moderation.evidence.media') })
        : t('moderation.evidence.profile', { facts: [evidence.profession, evidence.location].filter(Boolean).join(' · ') }) + (evidence.bio ? ` — ${evidence.bio}` : '');
  return (
    <Stack gap={2} component="li">
      <Group gap="xs">
        <Badge variant="light" color="red">
          {isReason(report.reason) ? t(REASONS[report.reason]) : report.reason}
        </Badge>
        <Text size="xs" c="dimmed">
          {dateTime(report.createdAt)}
        </Text>
      </Group>
      <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {text}
      </Text>
      {report.note ? (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('moderation.note', { note: report.note })}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The actions that ask first, and why (GroundsDialog): their words, and the confirm button's icon (a bin for delete). */
const ASKED = {
  hide: { title: 'moderation.hideTitle', body: 'moderation.hideBody', icon: <IconEyeOff size={16} /> },
  suspend: { title: 'moderation.suspendTitle', body: 'moderation.suspendBody', icon: <IconLock size={16} /> },
  delete: { title: 'moderation.deleteTitle', body: 'moderation.deleteBody', icon: undefined },
} as const;

/** The reason most of the member's reports gave: where the dialog's choice starts. */
function mostGiven(reports: readonly QueuedReport[]): ModerationReason | undefined {
  const counts = new Map<ModerationReason, number>();
  for (const { reason } of reports) if (isReason(reason)) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

function Entry({ entry, onDone }: { entry: QueueEntry; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const { dateTime } = useFormat();
  const name = entry.name ?? t('moderation.unnamed');
  const suggested = mostGiven(entry.reports);
  const [busy, setBusy] = useState<ModerationAction | null>(null);
  const [confirm, setConfirm] = useState<'hide' | 'delete' | 'suspend' | null>(null);
  // Suspend and delete ask for the administrator's password (the server's step-up rule).
  const [stepUpFor, setStepUpFor] = useState<'delete' | 'suspend'>('suspend');
  const stepUp = useStepUp(
    <Trans t={t} i18nKey={stepUpFor === 'delete' ? 'moderation.stepUpDelete' : 'moderation.stepUpSuspend'} values={{ name }} components={{ strong: <strong /> }} />,
  );
  const act = async (action: ModerationAction, grounds?: Grounds) => {
    setBusy(action);
    if (action === 'delete' || action === 'suspend') setStepUpFor(action);
    try {
      const { resolved } = await stepUp.run((currentPassword) => actOnReports(entry.userId, action, currentPassword, grounds), { onAsk: () => setConfirm(null) });
      notify('success', t('moderation.resolved'), t('moderation.resolvedMessage', { name: name, done: t(ACTION_DONE[action]), count: resolved }));
      setConfirm(null);
      onDone();
    } catch (error) {
      if (!isStepUpCancelled(error)) notify('error', t('moderation.actionFailed'), errorMessage(error));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={t('moderation.reportsAbout', { name: name })}>
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Avatar src={entry.avatarUrl} alt="" radius="xl" color="gray" variant="light">
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={800}>{name}</Text>
              {entry.overdue ? (
                <Badge color="red" variant="filled" leftSection={<IconAlertTriangle size={12} />}>
                  {t('moderation.overdue')}
                </Badge>
              ) : null}
              {entry.hidden ? (
                <Badge color="gray" variant="light">
                  {t('badge.hidden')}
                </Badge>
              ) : null}
              {entry.suspended ? (
                <Badge color="red" variant="light">
                  {t('badge.suspended')}
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {entry.email}
              {entry.userCode ? ` · ${t('moderation.code', { code: entry.userCode })}` : ''}
            </Text>
            <Text size="sm">
              {t('moderation.reporters', { count: entry.distinctReporters, when: dateTime(entry.oldestReportAt) })}
            </Text>
          </Stack>
        </Group>
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('moderation.reports')}>
          {entry.reports.map((report) => (
            <Evidence key={report.id} report={report} />
          ))}
        </Stack>
        <Group gap="xs">
          <Button size="xs" variant="default" loading={busy === 'dismiss'} onClick={() => void act('dismiss')}>
            {t('moderation.dismiss')}
          </Button>
          <Button size="xs" variant="default" loading={busy === 'warn'} onClick={() => void act('warn')}>
            {t('moderation.warn')}
          </Button>
          <Button size="xs" variant="default" loading={busy === 'unhide'} onClick={() => (entry.hidden ? void act('unhide') : setConfirm('hide'))}>
            {entry.hidden ? t('moderation.unhide') : t('moderation.hide')}
          </Button>
          {entry.suspended ? (
            <Button size="xs" variant="default" loading={busy === 'unsuspend'} onClick={() => void act('unsuspend')}>
              {t('moderation.unsuspend')}
            </Button>
          ) : (
            <Button size="xs" color="red.9" variant="outline" onClick={() => setConfirm('suspend')}>
              {t('moderation.suspend')}
            </Button>
          )}
          <Button size="xs" color="red.9" variant="outline" onClick={() => setConfirm('delete')}>
            {t('moderation.delete')}
          </Button>
        </Group>
      </Stack>
      <GroundsDialog
        opened={confirm !== null}
        title={confirm ? t(ASKED[confirm].title, { name: name }) : ''}
        confirmLabel={confirm ? t(`moderation.${confirm}`) : ''}
        icon={confirm ? ASKED[confirm].icon : undefined}
        busy={confirm !== null && busy === confirm}
        suggested={suggested}
        onCancel={() => setConfirm(null)}
        onConfirm={(grounds) => confirm && void act(confirm, grounds)}
      >
        {confirm ? t(ASKED[confirm].body) : null}
      </GroundsDialog>
      {stepUp.dialog}
    </Paper>
  );
}

/** Members' reports, the longest waiting first; every action closes that member's open reports and is audited. */
export function ModerationTab() {
  const { t } = useTranslation('admin');
  const { data, error, mutate } = useModerationQueue();
  return (
    <AdminPanel title={t('tabs.moderation')}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('moderation.intro', { hours: data?.reviewWithinHours ?? 24 })}
        </Text>
        {error ? <Text size="sm">{t('moderation.failedToLoad')}</Text> : null}
        {data && data.queue.length === 0 ? <Text size="sm">{t('moderation.none')}</Text> : null}
        {data?.queue.map((entry) => (
          <Entry key={entry.userId} entry={entry} onDone={() => void mutate()} />
        ))}
      </Stack>
    </AdminPanel>
  );
}
