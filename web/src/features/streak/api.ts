// The daily check-in streak shown at the top left of /search.
import useSWR from 'swr';

import type { CheckInResult, Streak } from '../../../../contract/check-ins';
import { api } from '../../api/client';

export type { CheckInResult, Streak };

export const streakKey = '/api/check-ins';

export function useStreak() {
  const { data, error, mutate } = useSWR<Streak, Error>(streakKey);
  return { streak: data, error, mutate };
}

export function checkIn(): Promise<CheckInResult> {
  return api<CheckInResult>(streakKey, { method: 'POST' });
}
