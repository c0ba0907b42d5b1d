import { Stack, Text } from '@mantine/core';

import { count } from '../../features/admin/format';
import { useFailedMail } from '../../features/admin/mail';
import { AdminPanel } from './AdminShell';
import { Stats } from './Stats';

/** Outgoing mail (queued in Postgres over SMTP): what waits, what went, and what failed and why. */
export function MailDeliveryPanel() {
  const { data, error } = useFailedMail();
  return (
    <AdminPanel title="Outgoing mail">
      {error ? <Text size="sm">Mail status could not be loaded.</Text> : null}
      {data ? (
        <Stack gap="sm">
          <Stats
            items={[
              { name: 'Waiting', value: count(data.counts.queued + data.counts.sending) },
              { name: 'Sent', value: count(data.counts.sent) },
              { name: 'Failed', value: count(data.counts.failed) },
            ]}
          />
          {data.messages.length === 0 ? (
            <Text size="sm" c="dimmed">
              No failed deliveries. (Without SMTP_URL mail is written to the server’s outbox folder and not counted here.)
            </Text>
          ) : (
            <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Failed deliveries">
              {data.messages.map((mail) => (
                <Text component="li" size="sm" key={mail.id} style={{ overflowWrap: 'anywhere' }}>
                  <b>{mail.to}</b> · {mail.subject} · {mail.attempts} attempts · {mail.lastError ?? 'unknown error'}
                </Text>
              ))}
            </Stack>
          )}
        </Stack>
      ) : null}
    </AdminPanel>
  );
}
