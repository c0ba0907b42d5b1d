import { z } from 'zod';

import { contentComment, loadJsonContent } from '../content.js';

/** A language Kindred speaks (content/i18n/languages.json). */
export type Language = 'en' | 'zh-Hans' | 'fr';

const list = loadJsonContent(
  z.object({ _why: contentComment, source: z.literal('en'), languages: z.array(z.object({ code: z.enum(['en', 'zh-Hans', 'fr']), name: z.string(), intl: z.string() })) }),
  'i18n/languages.json',
);

export const LANGUAGES = list.languages.map((language) => language.code) as Language[];
export const SOURCE_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as string[]).includes(value);
}

/**
 * The language Kindred speaks for a BCP 47 tag a browser sends: any Chinese is Simplified (the
 * only Chinese catalogue; a Traditional reader reads it better than English), any French is fr.
 */
export function languageOfTag(tag: string): Language | undefined {
  const lower = tag.trim().toLowerCase();
  if (lower === '' || lower === '*') return undefined;
  const primary = lower.split(/[-_]/)[0];
  if (primary === 'zh') return 'zh-Hans';
  if (primary === 'fr') return 'fr';
  if (primary === 'en') return 'en';
  return undefined;
}

/** The first language of an Accept-Language header Kindred speaks, by the header's q weights. */
export function languageOfAcceptHeader(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const entry of ranked) {
    const language = languageOfTag(entry.tag);
    if (language) return language;
  }
  return undefined;
}

/** The locale Intl formats dates, numbers and money in for a language. */
export function intlLocale(language: Language): string {
  return list.languages.find((entry) => entry.code === language)?.intl ?? 'en-CA';
}
