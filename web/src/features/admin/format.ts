// How the admin screens write amounts, times and run states.

const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-MM-dd HH:mm in the administrator's own time zone; a dash for no time. */
export function dateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  return `${String(d.getFullYear())}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** yyyy-MM-dd */
export function date(iso: string | null | undefined): string {
  return dateTime(iso).slice(0, 10);
}

/** Payments are stored in cents (spec part 3 §9): shown divided by 100, in their currency. */
export function money(cents: number, currency = 'CAD'): string {
  try {
    return new Intl.NumberFormat('en-CA', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
  } catch {
    // An unknown currency code: the number, then the code.
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

export function count(n: number): string {
  return n.toLocaleString('en-CA');
}

/** "1 profile", "2 profiles". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${count(n)} ${n === 1 ? one : many}`;
}
