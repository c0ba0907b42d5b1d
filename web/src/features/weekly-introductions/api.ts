// "Your three for this week": the member's weekly introductions, their answers and the opt-in.
import type { WeeklyAnswerResponse, WeeklyPerson, WeeklyRound, WeeklySettings, WeeklyView } from '../../../../contract/weekly-introductions';
import { api } from '../../api/client';

export type { WeeklyPerson, WeeklyRound, WeeklyView };

export const weeklyKey = '/api/weekly-introductions';

export function setWeeklyOptIn(optedIn: boolean): Promise<WeeklySettings> {
  return api<WeeklySettings>(`${weeklyKey}/settings`, { method: 'PUT', body: { optedIn } });
}

export function answerWeekly(id: string, answer: 'hello' | 'pass'): Promise<WeeklyAnswerResponse> {
  return api<WeeklyAnswerResponse>(`${weeklyKey}/${encodeURIComponent(id)}/${answer}`, { method: 'POST' });
}

export const weeklyRoundKey = '/api/admin/weekly-introductions';
