const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/**
 * The week a moment falls in, as the Monday's date (yyyy-MM-dd) in `timeZone` (CRON_TIMEZONE;
 * unset: the server's): the key of a weekly round. A run late on Sunday in Vancouver belongs to
 * Vancouver's week, not to UTC's next one.
 */
export function mondayOf(at: Date, timeZone: string | undefined): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', weekday: 'short' }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  const local = Date.UTC(Number(part('year')), Number(part('month')) - 1, Number(part('day')));
  const back = WEEKDAYS.indexOf(part('weekday'));
  return new Date(local - back * 86_400_000).toISOString().slice(0, 10);
}
