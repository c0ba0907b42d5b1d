// "Your three for this week": the member's weekly introductions, their answers and the opt-in.
import { api } from '../../api/client';

export interface WeeklyPerson {
  id: string;
  userId: string;
  profileId: string;
  name: string;
  age: number | null;
  location: string | null;
  avatarUrl: string | null;
  /** One line of facts true of both members. */
  reason: string;
  /** open: not answered; waiting: you said hello; mutual: you both did. */
  state: 'open' | 'waiting' | 'mutual';
}

export interface WeeklyView {
  optedIn: boolean;
  week: string;
  people: WeeklyPerson[];
}

export const weeklyKey = '/api/weekly-introductions';

export function setWeeklyOptIn(optedIn: boolean): Promise<{ optedIn: boolean }> {
  return api(`${weeklyKey}/settings`, { method: 'PUT', body: { optedIn } });
}

export function answerWeekly(id: string, answer: 'hello' | 'pass'): Promise<{ state: 'waiting' | 'mutual' | 'passed' }> {
  return api(`${weeklyKey}/${encodeURIComponent(id)}/${answer}`, { method: 'POST' });
}

export interface WeeklyRound {
  week: string;
  membersIn: number;
  pairsMade: number;
  hellos: number;
  mutualHellos: number;
  ranAt: string;
}

export const weeklyRoundKey = '/api/admin/weekly-introductions';
