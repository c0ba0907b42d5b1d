// How the admin screens write amounts, times and counts: in the reader's language (useFormat).
import { useFormat } from '../../i18n/useFormat';

/** A compact date for tables: 2026-11-26 in English (en-CA), 2026/11/26 in Chinese, 26/11/2026 in French. */
const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

const valid = (iso: string | null | undefined): iso is string => Boolean(iso) && !Number.isNaN(new Date(iso as string).getTime());

/** The admin screens' formats in the administrator's language and own time zone; a dash for no time. */
export function useAdminFormat() {
  const format = useFormat();
  return {
    /** The date, then the 24-hour time: 2026-11-26 15:30 in English. */
    dateTime: (iso: string | null | undefined): string => (valid(iso) ? `${format.date(iso, DATE)} ${format.date(iso, TIME)}` : '—'),
    date: (iso: string | null | undefined): string => (valid(iso) ? format.date(iso, DATE) : '—'),
    /** Payments are stored in cents (spec part 3 §9): shown divided by 100, in their currency. */
    money: (cents: number, currency = 'CAD'): string => {
      try {
        return format.money(cents, currency);
      } catch {
        // An unknown currency code: the number, then the code.
        return `${format.number(cents / 100, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency.toUpperCase()}`;
      }
    },
    count: (n: number): string => format.number(n),
    /** 12 → 12% (12 % in French). */
    percent: (n: number): string => format.number(n / 100, { style: 'percent', maximumFractionDigits: 1 }),
    /** One decimal: 2.5. */
    decimal: (n: number): string => format.number(n, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  };
}

export type AdminFormat = ReturnType<typeof useAdminFormat>;
