// The daily check-in streak shown at the top left of /search.
import useSWR from 'swr';

import { api } from '../../api/client';

export interface Streak {
  streakDays: number;
  streakBoxes: number;
  lastCheckInDate: string | null;
  checkedInToday: boolean;
}

export interface CheckInResult {
  /** false: already checked in today. */
  success: boolean;
  streakDays: number;
  streakBoxes: number;
  lastCheckInDate: string | null;
}

export const streakKey = '/api/check-ins';

export function useStreak() {
  const { data, error, mutate } = useSWR<Streak, Error>(streakKey);
  return { streak: data, error, mutate };
}

export function checkIn(): Promise<CheckInResult> {
  return api<CheckInResult>(streakKey, { method: 'POST' });
}
