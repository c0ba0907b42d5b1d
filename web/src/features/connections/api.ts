// Find by code and profile exchange (spec part 3): the payload, the connection, and what each
// refusal is titled in the spec's toasts.
import { api } from '../../api/client';
import { errorCode, errorMessage } from '../auth/notify';
import { normalizeResult, type RawSearchResult, type SearchResult } from '../search/api';
import { i18next } from '../../i18n/i18n';
import { productName } from '../../product';

/** The spec's exchanged profile payload, with the server's token instead of contact details. */
export interface ExchangePayload {
  type: string;
  profile: {
    id: string;
    name: string;
    age: number | null;
    location: string | null;
    profession: string | null;
    bio: string | null;
    interests: string[];
    avatar_url: string | null;
    user_code: string | null;
    is_vip: boolean;
    created_at: string;
  };
  token: string;
  timestamp: number;
}

export type ConnectStatus = 'connected' | 'already_connected';

/** `kindred_profile`: the payload's type marker for this product. */
export const payloadType = `${productName.toLowerCase().replace(/[^a-z0-9]+/g, '')}_profile`;

export function getExchangePayload(): Promise<{ payload: ExchangePayload; expiresAt: string }> {
  return api('/api/connections/exchange-token', { method: 'POST' });
}

/** The payload read from a QR code or a tag, or null when it is not one of ours. */
export function readPayload(text: string): ExchangePayload | null {
  try {
    const value = JSON.parse(text) as Partial<ExchangePayload> | null;
    if (!value || value.type !== payloadType || typeof value.token !== 'string' || typeof value.profile?.name !== 'string') return null;
    return value as ExchangePayload;
  } catch {
    return null;
  }
}

export async function connect(body: { token: string } | { userCode: string }): Promise<{ status: ConnectStatus; profile: SearchResult }> {
  const response = await api<{ status: ConnectStatus; profile: RawSearchResult }>('/api/connections', { method: 'POST', body });
  return { status: response.status, profile: normalizeResult(response.profile) };
}

export async function findByCode(code: string): Promise<{ profile: SearchResult; connected: boolean }> {
  const response = await api<{ profile: RawSearchResult; connected: boolean }>(`/api/connections/code/${encodeURIComponent(code)}`);
  return { profile: normalizeResult(response.profile), connected: response.connected };
}

/** The spec's toast titles for a refused connection (§8), by the server's code (keys of connections:refusal). */
const REFUSAL_TITLES = {
  user_not_found: 'refusal.userNotFound',
  self_connect: 'refusal.self',
  profile_not_ready: 'refusal.profileNotReady',
  exchange_invalid: 'refusal.exchangeFailed',
  exchange_expired: 'refusal.exchangeFailed',
} as const;

const isRefusalCode = (code: string | null): code is keyof typeof REFUSAL_TITLES => code !== null && Object.hasOwn(REFUSAL_TITLES, code);

/** The spec's toast title for a refused connection (§8), in the reader's language, with the server's sentence. */
export function refusal(error: unknown, fallbackTitle: string): [string, string] {
  const code = errorCode(error);
  const title = isRefusalCode(code) ? i18next.t(REFUSAL_TITLES[code], { ns: 'connections' }) : fallbackTitle;
  return [title, errorMessage(error)];
}
