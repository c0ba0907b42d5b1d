import { useTranslation } from 'react-i18next';

import { intlLocale } from './languages';

/** Dates, numbers and money in the reader's language (Intl), e.g. 26 novembre 2026 / 2026年11月26日. */
export function useFormat() {
  const { i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  return {
    locale,
    date: (when: Date | string, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }) => new Intl.DateTimeFormat(locale, options).format(new Date(when)),
    dateTime: (when: Date | string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(when)),
    number: (value: number, options: Intl.NumberFormatOptions = {}) => new Intl.NumberFormat(locale, options).format(value),
    money: (amountMinor: number, currency: string) => new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(amountMinor / 100),
  };
}
