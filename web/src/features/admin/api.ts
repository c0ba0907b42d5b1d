// The administrator's dashboard (spec part 3, Admin dashboard): the figures, payments, settings
// and the audit log. The server answers 401/403 to anyone else; the SPA only redirects.
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';

import type { AdminPayment, AdminPayments, Overview, ServerSetting, ServerSettings } from '../../../../contract/admin';
import type { AiStatus } from '../../../../contract/ai-status';
import type { AuditEntry, AuditLogPage } from '../../../../contract/audit-log';

export type { Overview };

export function useOverview() {
  const { data, error, isLoading, mutate } = useSWR<Overview, Error>('/api/admin/overview');
  return { overview: data, error, isLoading, mutate };
}

export type Payment = AdminPayment;

/** Newest first. */
export function usePayments() {
  const { data, error, isLoading, mutate } = useSWR<AdminPayments, Error>('/api/admin/payments');
  return { payments: data?.payments, error, isLoading, mutate };
}

export type { ServerSetting };

export function useServerSettings() {
  const { data, error, isLoading, mutate } = useSWR<ServerSettings, Error>('/api/admin/settings');
  return { release: data?.release, settings: data?.settings, error, isLoading, mutate };
}

export type { AiStatus, AuditEntry };

const AUDIT_PAGE = 50;

/** What administrators did, newest first, a page at a time (`loadMore` asks for older entries). */
export function useAuditLog() {
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useSWRInfinite<AuditLogPage, Error>((index, previous: AuditLogPage | null) => {
    if (previous && previous.entries.length < AUDIT_PAGE) return null;
    const oldest = previous?.entries.at(-1);
    return `/api/admin/audit-log?limit=${String(AUDIT_PAGE)}${oldest ? `&before=${encodeURIComponent(oldest.createdAt)}` : ''}`;
    // Read again whenever the Overview opens: an action in another tab a second ago must show.
  }, { dedupingInterval: 0 });
  const last = data?.at(-1);
  return {
    entries: data?.flatMap((page) => page.entries),
    // The server may return a few more than a page when entries share a millisecond.
    hasMore: last !== undefined && last.entries.length >= AUDIT_PAGE,
    loadingMore: isValidating && data !== undefined && size > data.length,
    loadMore: () => void setSize(size + 1),
    error,
    isLoading,
    mutate,
  };
}

export function useAiStatus() {
  const { data, error, isLoading, mutate } = useSWR<AiStatus, Error>('/api/admin/ai');
  return { ai: data, error, isLoading, mutate };
}
