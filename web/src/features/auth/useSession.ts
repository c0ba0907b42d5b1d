import useSWR from 'swr';

import type { Session } from './api';

export const sessionKey = '/api/auth/session';

/**
 * Who is signed in. `mutate` lets sign-in and sign-out put the new session straight into the cache
 * (e.g. `mutate(session, { revalidate: false })`) so every page sees it without another request.
 */
export function useSession() {
  const { data, error, isLoading, mutate } = useSWR<Session, Error>(sessionKey);
  return { session: data, user: data?.user ?? null, error, isLoading, mutate };
}
