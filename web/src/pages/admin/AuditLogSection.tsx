import { Box, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { type AuditEntry, useAuditLog } from '../../features/admin/api';
import { useAdminFormat } from '../../features/admin/format';
import { AdminPanel } from './AdminShell';
import classes from './Admin.module.css';
import { LoadState } from './LoadState';


function detailsText(details: unknown): string | null {
  if (details === null || details === undefined) return null;
  if (typeof details === 'string') return details || null;
  const text = JSON.stringify(details);
  return text === '{}' ? null : text;
}

/** Recent admin actions, newest first, with Show older. */
export function AuditLogSection() {
  const { t } = useTranslation('admin');
  const { dateTime } = useAdminFormat();
  const { entries, hasMore, loadingMore, loadMore, error, isLoading, mutate } = useAuditLog();
  /** "user.delete on user 3f2a…": the action and what it touched (action and target are code-like, kept as they are). */
  const describe = (entry: AuditEntry): string =>
    entry.targetType ? t('audit.on', { action: entry.action, target: entry.targetId ? `${entry.targetType} ${entry.targetId}` : entry.targetType }) : entry.action;

  let content;
  if (entries === undefined) {
    content = <LoadState what="adminActions" isLoading={isLoading} error={error} onRetry={() => void mutate()} />;
  } else if (entries.length === 0) {
    content = (
      <Text size="sm" c="dimmed">
        {t('audit.none')}
      </Text>
    );
  } else {
    content = (
      <Stack gap="sm">
        <Box component="ul" className={classes.plainList} aria-label={t('audit.title')}>
          {entries.map((entry) => {
            const details = detailsText(entry.details);
            return (
              <li key={entry.id} className={classes.card}>
                <Text size="sm" fw={600} className={classes.wrap}>
                  {describe(entry)}
                </Text>
                <Text size="xs" c="dimmed" className={classes.wrap}>
                  {dateTime(entry.createdAt)} · {entry.actorEmail ?? t('audit.system')}
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
            {t('audit.older')}
          </Button>
        ) : null}
      </Stack>
    );
  }

  return <AdminPanel title={t('audit.title')}>{content}</AdminPanel>;
}
