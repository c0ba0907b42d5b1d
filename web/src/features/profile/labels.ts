// How the profile's stored values read on screen: the stored values stay as they are, their
// labels come from the `profile` catalogue in the reader's language.
import { useTranslation } from 'react-i18next';

import { intlLocale } from '../../i18n/languages';
import type { Gender, RelationshipStatus } from './api';

/** The labels of genders, relationship statuses and calendar days, in the reader's language. */
export function useProfileLabels() {
  const { t, i18n } = useTranslation('profile');
  const locale = intlLocale(i18n.language);
  return {
    gender: (value: Gender) => t(`gender.${value}`),
    relationship: (value: RelationshipStatus) => t(`relationship.${value}`),
    calendarDay: (day: string) => formatCalendarDay(day, locale),
  };
}

/** 'yyyy-MM-dd' → "March 10, 2004" (in `locale`), read as a calendar day (no time-zone shift). */
export function formatCalendarDay(day: string, locale = 'en-US'): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toLocaleDateString(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** Today in the visitor's time zone as 'yyyy-MM-dd' (the birth date's upper bound). */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(now.getFullYear())}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
