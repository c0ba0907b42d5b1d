/** A calendar date 'yyyy-MM-dd' that exists (no 2023-02-30), as [year, month, day]. */
export function parseCalendarDate(value: string): [number, number, number] | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return [year, month, day];
}

/** Today as 'yyyy-MM-dd' (UTC: one answer for every replica, whatever its time zone). */
export function isoDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** Spec part 1 §5: years since the birth date, minus one if this year's birthday has not come yet. */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = parseCalendarDate(birthDate)!;
  const [ty, tm, td] = parseCalendarDate(today)!;
  const birthdayPassed = tm > bm || (tm === bm && td >= bd);
  return ty - by - (birthdayPassed ? 0 : 1);
}
