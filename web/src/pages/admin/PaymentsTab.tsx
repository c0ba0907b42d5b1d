import { Code, Stack, Text } from '@mantine/core';

import { type Payment, usePayments } from '../../features/admin/api';
import { dateTime, money } from '../../features/admin/format';
import { useLoadFailureToast } from '../../features/admin/toasts';
import { AdminPanel } from './AdminShell';
import { AdminTable, type Column } from './AdminTable';
import { LoadState } from './LoadState';
import { type Tone, ToneBadge } from './ToneBadge';

/** The spec shows the card provider's session id cut to its first 20 characters. */
const SESSION_ID_SHOWN = 20;

const statusTone = (status: string): Tone => (status === 'completed' ? 'positive' : status === 'pending' ? 'pending' : 'neutral');

const columns: Column<Payment>[] = [
  { label: 'Date', cell: (payment) => dateTime(payment.createdAt) },
  { label: 'E-mail', cell: (payment) => payment.email ?? 'Deleted user' },
  { label: 'Type', cell: (payment) => payment.paymentType },
  { label: 'Amount', cell: (payment) => money(payment.amountCents, payment.currency) },
  {
    label: 'Status',
    cell: (payment) => (
      <ToneBadge tone={statusTone(payment.status)}>{payment.status}</ToneBadge>
    ),
  },
  { label: 'Session', cell: (payment) => (payment.sessionId ? <Code title={payment.sessionId}>{payment.sessionId.slice(0, SESSION_ID_SHOWN)}</Code> : '—') },
];

/** Payments (spec part 3): every payment, newest first, with the payer's e-mail. */
export function PaymentsTab() {
  const { payments, error, isLoading, mutate } = usePayments();
  useLoadFailureToast(error, 'Error', 'Failed to load payments. Make sure you have admin permissions.');

  let content;
  if (payments === undefined) {
    content = <LoadState what="payments" isLoading={isLoading} error={error} onRetry={() => void mutate()} />;
  } else if (payments.length === 0) {
    content = (
      <Stack gap={4} py="md" ta="center">
        <Text fw={600}>No payments yet</Text>
        <Text size="sm" c="dimmed">
          Donations and premium plans appear here once members pay.
        </Text>
      </Stack>
    );
  } else {
    content = <AdminTable label="Payments" rows={payments} rowKey={(payment) => payment.id} columns={columns} />;
  }
  return <AdminPanel title="Payments">{content}</AdminPanel>;
}
