// The administrator's dashboard (spec part 3, Admin dashboard): the figures, payments, settings
// and the audit log. The server answers 401/403 to anyone else; the SPA only redirects.
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';

export interface Overview {
  counts: { users: number; profiles: number; chatSessions: number; payments: number; userSearches: number; vipProfiles: number };
  /** VIP users over all users, rounded. */
  vipConversionPercent: number;
  /** Rounded to one decimal. */
  averageSearchesPerUser: number;
  /** Completed payments only, in cents. */
  revenue: { currency: string; totalCents: number; donationCents: number; subscriptionCents: number; monthlyCents: number; yearlyCents: number };
}

export function useOverview() {
  const { data, error, isLoading, mutate } = useSWR<Overview, Error>('/api/admin/overview');
  return { overview: data, error, isLoading, mutate };
}

export interface Payment {
  id: string;
  email: string | null;
  /** donation, monthly or yearly */
  paymentType: string;
  amountCents: number;
  currency: string;
  /** completed, pending, or what the card provider said */
  status: string;
  /** The card provider's checkout session id. */
  sessionId: string | null;
  createdAt: string;
}

/** Newest first. */
export function usePayments() {
  const { data, error, isLoading, mutate } = useSWR<{ payments: Payment[] }, Error>('/api/admin/payments');
  return { payments: data?.payments, error, isLoading, mutate };
}

export interface ServerSetting {
  name: string;
  /** Secrets arrive already masked. */
  value: string | null;
  secret: boolean;
}

/** Which Kindred the server runs: package.json's version and the commit it was built from. */
export interface ServerRelease {
  version: string;
  commit: string;
}

export function useServerSettings() {
  const { data, error, isLoading, mutate } = useSWR<{ release: ServerRelease; settings: ServerSetting[] }, Error>('/api/admin/settings');
  return { release: data?.release, settings: data?.settings, error, isLoading, mutate };
}

export interface AuditEntry {
  id: string;
  actorEmail: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  details: unknown;
  createdAt: string;
}

const AUDIT_PAGE = 50;

/** What administrators did, newest first, a page at a time (`loadMore` asks for older entries). */
export function useAuditLog() {
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useSWRInfinite<{ entries: AuditEntry[] }, Error>((index, previous: { entries: AuditEntry[] } | null) => {
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

export interface AiStatus {
  provider: 'ollama' | 'builtin';
  models: { chat: string; embedding: string; dimensions: number };
  search: {
    /** The model search reads now. */
    model: string;
    /** The model new vectors are written with. */
    targetModel: string;
    switchPending: boolean;
  };
  /** Profiles with a vector of each model. */
  coverage: { model: string; profiles: number }[];
  embeddableProfiles: number;
}

export function useAiStatus() {
  const { data, error, isLoading, mutate } = useSWR<AiStatus, Error>('/api/admin/ai');
  return { ai: data, error, isLoading, mutate };
}
