// How the profile's stored values read on screen.
import type { Gender, RelationshipStatus } from './api';

export const genderLabels: Record<Gender, string> = {
  male: 'Male',
  female: 'Female',
  'non-binary': 'Non-binary',
  'prefer-not-to-say': 'Prefer not to say',
};

export const relationshipLabels: Record<RelationshipStatus, string> = {
  single_straight: 'Single (Straight)',
  single_lgbtq: 'Single (LGBTQ+)',
  not_single: 'Not Single',
};

/** 'yyyy-MM-dd' → "March 10, 2004", read as a calendar day (no time-zone shift). */
export function formatCalendarDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** Today in the visitor's time zone as 'yyyy-MM-dd' (the birth date's upper bound). */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(now.getFullYear())}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
