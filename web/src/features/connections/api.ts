// Find by code and profile exchange (spec part 3): the payload, the connection, and what each
// refusal is titled in the spec's toasts.
import type { ConnectRequest, ConnectResponse, ExchangePayload, ExchangeTokenResponse, LookupResponse } from '../../../../contract/connections';
import { api } from '../../api/client';
import { errorCode, errorMessage } from '../auth/notify';
import { normalizeResult, type SearchResult } from '../search/api';
import { i18next } from '../../i18n/i18n';
import { productName } from '../../product';

export type { ExchangePayload };

export type ConnectStatus = ConnectResponse['status'];

/** `kindred_profile`: the payload's type marker for this product. */
export const payloadType = `${productName.toLowerCase().replace(/[^a-z0-9]+/g, '')}_profile`;

export function getExchangePayload(): Promise<ExchangeTokenResponse> {
  return api<ExchangeTokenResponse>('/api/connections/exchange-token', { method: 'POST' });
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

/** The connection, its profile normalized as search shows one. */
export async function connect(body: ConnectRequest): Promise<{ status: ConnectStatus; profile: SearchResult }> {
  const response = await api<ConnectResponse>('/api/connections', { method: 'POST', body });
  return { status: response.status, profile: normalizeResult(response.profile) };
}

export async function findByCode(code: string): Promise<{ profile: SearchResult; connected: boolean }> {
  const response = await api<LookupResponse>(`/api/connections/code/${encodeURIComponent(code)}`);
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
