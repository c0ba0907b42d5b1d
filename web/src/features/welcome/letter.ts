// The welcome letter to early members: one text, shown on /welcome-letter, in the dialog on /welcome,
// and exported as a .txt file.
import type { TFunction } from 'i18next';

import { intlLocale } from '../../i18n/languages';
import { ordinal } from './ordinal';

/** The early-user gift (spec): 6 months of premium, worth $39 CAD, for the first 5,000 members. */
export const GIFT_MEMBER_LIMIT = 5000;

export interface LetterInput {
  productName: string;
  name: string | null;
  /** registration_order from the profile; null before the basic information is saved. */
  order: number | null;
  /** The early-user gift, when the member has it; `endsOn` is the subscription's end (ISO), if known. */
  gift: { endsOn: string | null } | null;
}

export interface LetterParagraph {
  key: string;
  text: string;
  /** The gift paragraph, which the page highlights. */
  gift?: boolean;
}

export interface Letter {
  title: string;
  /** "Pioneer User #42", or plain "Pioneer User" without an order yet. */
  badge: string;
  greeting: string;
  paragraphs: LetterParagraph[];
  closing: string;
  signature: string;
}

/** The letter's words (the `welcome` catalogue) and the language it is written in. */
export interface LetterLanguage {
  t: TFunction<'welcome'>;
  /** The i18next language code: en, fr, zh-Hans. */
  language: string;
}

/** "June 1, 2026" (in `locale`) for an ISO timestamp or day; null when it is not a date. */
export function formatGiftEnd(iso: string, locale = 'en-US'): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const parts = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).formatToParts(date);
  // French writes the first of the month as an ordinal: « 1er juin 2026 ».
  const french = locale.toLowerCase().startsWith('fr');
  return parts.map((part) => (french && part.type === 'day' && part.value === '1' ? '1er' : part.value)).join('');
}

export function pioneerBadge(order: number | null, { t, language }: LetterLanguage): string {
  return order === null ? t('letter.badge') : t('letter.badgeNumbered', { order: order.toLocaleString(intlLocale(language)) });
}

export function welcomeLetter({ productName, name, order, gift }: LetterInput, words: LetterLanguage): Letter {
  const { t, language } = words;
  const locale = intlLocale(language);
  const firstName = name?.trim().split(/\s+/)[0];
  const product = productName;
  const paragraphs: LetterParagraph[] = [
    {
      key: 'welcome',
      text: order === null ? t('letter.welcome', { product }) : t('letter.welcomeOrdinal', { product, ordinal: ordinal(order, language) }),
    },
    { key: 'what', text: t('letter.what', { product }) },
    { key: 'honest', text: t('letter.honest') },
  ];
  if (gift) {
    const end = gift.endsOn ? formatGiftEnd(gift.endsOn, locale) : null;
    const limit = GIFT_MEMBER_LIMIT.toLocaleString(locale);
    paragraphs.push({
      key: 'gift',
      gift: true,
      text: end ? t('letter.giftUntil', { limit, end }) : t('letter.gift', { limit }),
    });
  }
  paragraphs.push({ key: 'return', text: t('letter.return') }, { key: 'feedback', text: t('letter.feedback', { product }) });
  return {
    title: t('letter.title', { product }),
    badge: pioneerBadge(order, words),
    greeting: t('letter.greeting', { name: firstName || t('letter.friend') }),
    paragraphs,
    closing: t('letter.closing'),
    signature: t('letter.signature', { product }),
  };
}

/** The letter as plain text, for the Export button. */
export function letterText(letter: Letter): string {
  return [letter.title, letter.badge, '', letter.greeting, '', ...letter.paragraphs.flatMap((p) => [p.text, '']), letter.closing, letter.signature, ''].join('\n');
}

/** kindred-welcome-letter.txt, after the product's name. */
export function letterFileName(productName: string): string {
  const slug = productName
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug ? `${slug}-` : ''}welcome-letter.txt`;
}
