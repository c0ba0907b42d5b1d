import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { useAdminFormat } from '../../features/admin/format';
import { useFailedMail } from '../../features/admin/mail';
import { AdminPanel } from './AdminShell';
import { Stats } from './Stats';

/** Outgoing mail (queued in Postgres over SMTP): what waits, what went, and what failed and why. */
export function MailDeliveryPanel() {
  const { t } = useTranslation('admin');
  const { count } = useAdminFormat();
  const { data, error } = useFailedMail();
  return (
    <AdminPanel title={t('mail.title')}>
      {error ? <Text size="sm">{t('mail.failedToLoad')}</Text> : null}
      {data ? (
        <Stack gap="sm">
          <Stats
            items={[
              { name: t('mail.waiting'), value: count(data.counts.queued + data.counts.sending) },
              { name: t('mail.sent'), value: count(data.counts.sent) },
              { name: t('mail.failed'), value: count(data.counts.failed) },
            ]}
          />
          {data.messages.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('mail.noFailures')}
            </Text>
          ) : (
            <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('mail.failedDeliveries')}>
              {data.messages.map((mail) => (
                <Text component="li" size="sm" key={mail.id} style={{ overflowWrap: 'anywhere' }}>
                  <b>{mail.to}</b> · {mail.subject} · {t('mail.attempts', { count: mail.attempts })} · {mail.lastError ?? t('mail.unknownError')}
                </Text>
              ))}
            </Stack>
          )}
        </Stack>
      ) : null}
    </AdminPanel>
  );
}
