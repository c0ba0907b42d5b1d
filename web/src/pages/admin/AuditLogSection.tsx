import { Box, Button, Stack, Text } from '@mantine/core';

import { type AuditEntry, useAuditLog } from '../../features/admin/api';
import { dateTime } from '../../features/admin/format';
import { AdminPanel } from './AdminShell';
import classes from './Admin.module.css';
import { LoadState } from './LoadState';

/** "user.delete on user 3f2a…": the action and what it touched. */
function describe(entry: AuditEntry): string {
  const target = entry.targetType ? ` on ${entry.targetType}${entry.targetId ? ` ${entry.targetId}` : ''}` : '';
  return `${entry.action}${target}`;
}

function detailsText(details: unknown): string | null {
  if (details === null || details === undefined) return null;
  if (typeof details === 'string') return details || null;
  const text = JSON.stringify(details);
  return text === '{}' ? null : text;
}

/** Recent admin actions, newest first, with Show older. */
export function AuditLogSection() {
  const { entries, hasMore, loadingMore, loadMore, error, isLoading, mutate } = useAuditLog();

  let content;
  if (entries === undefined) {
    content = <LoadState what="admin actions" isLoading={isLoading} error={error} onRetry={() => void mutate()} />;
  } else if (entries.length === 0) {
    content = (
      <Text size="sm" c="dimmed">
        No admin actions yet.
      </Text>
    );
  } else {
    content = (
      <Stack gap="sm">
        <Box component="ul" className={classes.plainList} aria-label="Recent admin actions">
          {entries.map((entry) => {
            const details = detailsText(entry.details);
            return (
              <li key={entry.id} className={classes.card}>
                <Text size="sm" fw={600} className={classes.wrap}>
                  {describe(entry)}
                </Text>
                <Text size="xs" c="dimmed" className={classes.wrap}>
                  {dateTime(entry.createdAt)} · {entry.actorEmail ?? 'system'}
                </Text>
                {details ? (
                  <Text size="xs" c="dimmed" ff="monospace" className={classes.wrap}>
                    {details}
                  </Text>
                ) : null}
              </li>
            );
          })}
        </Box>
        {hasMore ? (
          <Button variant="subtle" onClick={loadMore} loading={loadingMore} style={{ alignSelf: 'center' }}>
            Show older
          </Button>
        ) : null}
      </Stack>
    );
  }

  return <AdminPanel title="Recent admin actions">{content}</AdminPanel>;
}
