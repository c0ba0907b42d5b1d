import { readdirSync } from 'node:fs';
import path from 'node:path';

import i18next, { type TOptions } from 'i18next';
import ICU from 'i18next-icu';
import { IntlMessageFormat } from 'intl-messageformat';
import { z } from 'zod';

import { contentPath, loadJsonContent } from '../content.js';
import { intlLocale, type Language, LANGUAGES, SOURCE_LANGUAGE } from './languages.js';

/**
 * The server's message catalogues (content/i18n/server/<language>/<namespace>.json; the web app's
 * are beside them in content/i18n/app/): e-mails, PDFs and the AI's words in the member's language. Messages
 * are ICU MessageFormat ({count, plural, one {# message} other {# messages}}), formatted with the
 * language's Intl locale. Every file is read once, when this module loads.
 */

const catalogue = z.record(z.string(), z.unknown());

function loadLanguage(language: Language): Record<string, Record<string, unknown>> {
  const dir = contentPath(path.join('i18n', 'server', language));
  const namespaces: Record<string, Record<string, unknown>> = {};
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json')).sort()) {
    namespaces[file.replace(/\.json$/, '')] = loadJsonContent(catalogue, path.join('i18n', 'server', language, file));
  }
  return namespaces;
}

const resources = Object.fromEntries(LANGUAGES.map((language) => [language, loadLanguage(language)]));

const instance = i18next.createInstance();
void instance.use(ICU).init({
  resources,
  supportedLngs: LANGUAGES,
  fallbackLng: SOURCE_LANGUAGE,
  load: 'currentOnly',
  ns: Object.keys(resources[SOURCE_LANGUAGE] ?? {}),
  initAsync: false,
  interpolation: { escapeValue: false },
  // Lowercase would turn zh-Hans into zh-hans, which no catalogue is named.
  lowerCaseLng: false,
  returnNull: false,
});

/** The message at `ns:path.to.key` in one language's catalogues, if it is a string there. */
function messageIn(language: Language, key: string): string | undefined {
  const colon = key.indexOf(':');
  if (colon < 0) return undefined;
  let node: unknown = resources[language]?.[key.slice(0, colon)];
  for (const part of key.slice(colon + 1).split('.')) node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/**
 * Compiled messages, per language and key: the catalogues never change while the process runs,
 * and a search explains 20 results with the same few sentences. Formatting a kept message skips
 * i18next's key resolution, most of a translation's time in a CPU profile of the search
 * benchmark; the message, its English fallback and its ICU formatting are i18next-icu's
 * (`ignoreTag`, the language's plural rules). Keys that are not a string in the language or in
 * English go through i18next itself. Bounded, as a key may be built from a member's words.
 */
const COMPILED_KEPT = 5_000;
const compiled = new Map<string, IntlMessageFormat | null>();

function compiledMessage(language: Language, key: string): IntlMessageFormat | null {
  const kept = `${language}\u0000${key}`;
  let format = compiled.get(kept);
  if (format === undefined) {
    const message = messageIn(language, key) ?? messageIn(SOURCE_LANGUAGE, key);
    const locale = messageIn(language, key) === undefined ? SOURCE_LANGUAGE : language;
    format = message === undefined ? null : new IntlMessageFormat(message, locale, undefined, { ignoreTag: true });
    if (compiled.size >= COMPILED_KEPT) compiled.clear();
    compiled.set(kept, format);
  }
  return format;
}

/** `key` ("mail:signupCode.subject") in `language`, with ICU `values`; English where a key is missing. */
export function translate(language: Language, key: string, values: Record<string, unknown> = {}): string {
  const format = compiledMessage(language, key);
  if (format === null) return translateWithI18next(language, key, values);
  return String(format.format(values as Record<string, string | number>));
}

/** i18next's own translation, which translate() must equal (translator.test.ts). */
export function translateWithI18next(language: Language, key: string, values: Record<string, unknown> = {}): string {
  return instance.t(key, { ...values, lng: language } as TOptions) as string;
}

/** A translate() bound to one language: what a mail template or the PDF builder is handed. */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

export function translatorFor(language: Language): Translate {
  return (key, values) => translate(language, key, values);
}

/** Dates, numbers and money in the language's own conventions. */
export function formatterFor(language: Language) {
  const locale = intlLocale(language);
  return {
    date: (when: Date, options: Intl.DateTimeFormatOptions = { dateStyle: 'long' }) => new Intl.DateTimeFormat(locale, options).format(when),
    number: (value: number, options: Intl.NumberFormatOptions = {}) => new Intl.NumberFormat(locale, options).format(value),
    money: (amountMinor: number, currency: string) => new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(amountMinor / 100),
  };
}
