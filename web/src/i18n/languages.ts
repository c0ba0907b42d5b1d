import list from '../../../content/i18n/languages.json';

/** A language Kindred speaks (content/i18n/languages.json). */
export type Language = 'en' | 'zh-Hans' | 'fr';

export const LANGUAGES = list.languages as { code: Language; name: string; intl: string }[];
export const SOURCE_LANGUAGE: Language = 'en';
/** The cookie a visitor's choice is kept in; the server reads it for the e-mails it sends them. */
export const LANGUAGE_COOKIE = 'kindred_lang';

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((language) => language.code === value);
}

/** The language Kindred speaks for a browser's tag: any Chinese reads the Simplified catalogue, any French fr. */
export function languageOfTag(tag: string): Language | undefined {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  if (primary === 'zh') return 'zh-Hans';
  if (primary === 'fr') return 'fr';
  if (primary === 'en') return 'en';
  return undefined;
}

/** The locale Intl formats dates, numbers and money in. */
export function intlLocale(language: string): string {
  return LANGUAGES.find((entry) => entry.code === language)?.intl ?? 'en-CA';
}
