import { Code, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

import { type Payment, usePayments } from '../../features/admin/api';
import { type AdminFormat, useAdminFormat } from '../../features/admin/format';
import { useLoadFailureToast } from '../../features/admin/toasts';
import { AdminPanel } from './AdminShell';
import { AdminTable, type Column } from './AdminTable';
import { LoadState } from './LoadState';
import { type Tone, ToneBadge } from './ToneBadge';

/** The spec shows the card provider's session id cut to its first 20 characters. */
const SESSION_ID_SHOWN = 20;

const statusTone = (status: string): Tone => (status === 'completed' ? 'positive' : status === 'pending' ? 'pending' : 'neutral');

const TYPES = { donation: 'payments.type.donation', monthly: 'payments.type.monthly', yearly: 'payments.type.yearly' } as const;
const STATUSES = { completed: 'payments.status.completed', pending: 'payments.status.pending' } as const;
/** A known type or status in the reader's language; anything else (what the card provider said) as it came. */
const known = <Map extends Record<string, string>>(map: Map, value: string): Map[keyof Map] | null => (Object.hasOwn(map, value) ? map[value as keyof Map] : null);

const columnsOf = (t: TFunction<'admin'>, { dateTime, money }: AdminFormat): Column<Payment>[] => [
  { label: t('payments.column.date'), cell: (payment) => dateTime(payment.createdAt) },
  { label: t('payments.column.email'), cell: (payment) => payment.email ?? t('payments.deletedUser') },
  {
    label: t('payments.column.type'),
    cell: (payment) => {
      const key = known(TYPES, payment.paymentType);
      return key ? t(key) : payment.paymentType;
    },
  },
  { label: t('payments.column.amount'), cell: (payment) => money(payment.amountCents, payment.currency) },
  {
    label: t('payments.column.status'),
    cell: (payment) => {
      const key = known(STATUSES, payment.status);
      return <ToneBadge tone={statusTone(payment.status)}>{key ? t(key) : payment.status}</ToneBadge>;
    },
  },
  { label: t('payments.column.session'), cell: (payment) => (payment.sessionId ? <Code title={payment.sessionId}>{payment.sessionId.slice(0, SESSION_ID_SHOWN)}</Code> : '—') },
];

/** Payments (spec part 3): every payment, newest first, with the payer's e-mail. */
export function PaymentsTab() {
  const { t } = useTranslation('admin');
  const columns = columnsOf(t, useAdminFormat());
  const { payments, error, isLoading, mutate } = usePayments();
  useLoadFailureToast(error, t('toast.error'), t('payments.failedToLoad'));

  let content;
  if (payments === undefined) {
    content = <LoadState what="payments" isLoading={isLoading} error={error} onRetry={() => void mutate()} />;
  } else if (payments.length === 0) {
    content = (
      <Stack gap={4} py="md" ta="center">
        <Text fw={600}>{t('payments.none')}</Text>
        <Text size="sm" c="dimmed">
          {t('payments.noneHint')}
        </Text>
      </Stack>
    );
  } else {
    content = <AdminTable label={t('tabs.payments')} rows={payments} rowKey={(payment) => payment.id} columns={columns} />;
  }
  return <AdminPanel title={t('tabs.payments')}>{content}</AdminPanel>;
}
