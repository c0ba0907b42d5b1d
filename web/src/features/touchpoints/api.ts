// Touchpoints (spec part 3, Touchpoint landing page): the location, the visit, the people listed
// there, with the spec's timeouts and retries.
import { api, ApiError } from '../../api/client';
import type { Presence as TouchpointPresence, TouchpointProfiles as ServerProfiles, TouchpointView, VisitResponse } from '../../../../contract/touchpoints';
import { normalizeResult, type SearchResult } from '../search/api';

/** Spec part 3 §9: location data 10 s; profiles 8 s with 2 retries 1 s apart; visit tracking 5 s. */
export const LOCATION_TIMEOUT_MS = 10_000;
export const PROFILES_TIMEOUT_MS = 8_000;
export const PROFILES_RETRIES = 2;
export const PROFILES_RETRY_DELAY_MS = 1_000;
export const VISIT_TIMEOUT_MS = 5_000;

export type { TouchpointPresence, TouchpointView };

export type VisitorCard = Omit<SearchResult, 'userId' | 'contactInfo' | 'matchPercentage' | 'whyMatch'>;

export type TouchpointProfiles = { viewer: 'member'; query: string; profiles: SearchResult[] } | { viewer: 'visitor'; profiles: VisitorCard[] };

const path = (locationId: string) => `/api/locations/${encodeURIComponent(locationId)}`;

/** Aborted by the spec's timeout: told apart from other failures for the "Connection Timeout" toast. */
export class TimeoutError extends Error {
  constructor() {
    super('The request timed out.');
    this.name = 'TimeoutError';
  }
}

async function withTimeout<T>(ms: number, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const signal = AbortSignal.timeout(ms);
  try {
    return await run(signal);
  } catch (error) {
    if (signal.aborted) throw new TimeoutError();
    throw error;
  }
}

export function getTouchpoint(locationId: string): Promise<TouchpointView> {
  return withTimeout(LOCATION_TIMEOUT_MS, (signal) => api<TouchpointView>(path(locationId), { signal }));
}

/** Counts the visit (once a day) and returns the visitor's ordinal; failures are the caller's to ignore. */
export function recordVisit(locationId: string): Promise<VisitResponse> {
  return withTimeout(VISIT_TIMEOUT_MS, (signal) => api<VisitResponse>(`${path(locationId)}/visits`, { method: 'POST', signal }));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The people listed at the touchpoint; retried twice a second apart, except when the server said no. */
export async function getTouchpointProfiles(locationId: string): Promise<TouchpointProfiles> {
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await withTimeout(PROFILES_TIMEOUT_MS, (signal) =>
        api<ServerProfiles>(`${path(locationId)}/profiles`, { signal }),
      );
      if (response.viewer === 'member') return { viewer: 'member', query: response.query, profiles: response.profiles.map(normalizeResult) };
      return { viewer: 'visitor', profiles: response.profiles.map(normalizeResult) };
    } catch (error) {
      const answered = error instanceof ApiError && error.status < 500 && error.status !== 429;
      if (answered || attempt >= PROFILES_RETRIES) throw error;
      await sleep(PROFILES_RETRY_DELAY_MS);
    }
  }
}

/** "Show me at places I tap" (General), with the delay and window the switch explains. */
export const presenceKey = '/api/touchpoint-presence';

export function setTouchpointPresence(show: boolean): Promise<TouchpointPresence> {
  return api<TouchpointPresence>(presenceKey, { method: 'PUT', body: { show } });
}
