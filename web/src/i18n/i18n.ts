import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import ICU from 'i18next-icu';
import { initReactI18next } from 'react-i18next';

import { isLanguage, type Language, LANGUAGE_COOKIE, LANGUAGES, languageOfTag, SOURCE_LANGUAGE } from './languages';

/**
 * The app's words (content/i18n/app/<language>/<namespace>.json) through i18next with ICU
 * MessageFormat. Each language's catalogue is one chunk, loaded before the language is shown:
 * a visitor downloads only the language they read.
 */
const catalogues: Record<Language, () => Promise<{ default: Record<string, Record<string, unknown>> }>> = {
  en: () => import('./catalogues/en'),
  'zh-Hans': () => import('./catalogues/zh-Hans'),
  fr: () => import('./catalogues/fr'),
};

async function loadLanguage(language: Language): Promise<void> {
  if (i18next.hasResourceBundle(language, 'common')) return;
  const files = (await catalogues[language]()).default;
  for (const [file, messages] of Object.entries(files)) {
    const namespace = /([^/]+)\.json$/.exec(file)?.[1];
    if (namespace) i18next.addResourceBundle(language, namespace, messages, true, true);
  }
}

/** The page's language for screen readers and the browser's own hyphenation and fonts. */
function markDocument(language: string): void {
  document.documentElement.lang = language;
}

/** Loads the first language (the cookie's, else the browser's, else English) before the app draws. */
export async function startI18n(): Promise<void> {
  await i18next
    .use(ICU)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      supportedLngs: LANGUAGES.map((language) => language.code),
      fallbackLng: SOURCE_LANGUAGE,
      load: 'currentOnly',
      lowerCaseLng: false,
      defaultNS: 'common',
      ns: ['common'],
      partialBundledLanguages: true,
      resources: {},
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
      detection: {
        order: ['cookie', 'navigator'],
        lookupCookie: LANGUAGE_COOKIE,
        caches: ['cookie'],
        cookieMinutes: 60 * 24 * 365,
        cookieOptions: { path: '/', sameSite: 'lax' },
        convertDetectedLanguage: (tag: string) => languageOfTag(tag) ?? tag,
      },
    });
  const first = isLanguage(i18next.language) ? i18next.language : SOURCE_LANGUAGE;
  await loadLanguage(first);
  if (i18next.language !== first) await i18next.changeLanguage(first);
  markDocument(first);
  i18next.on('languageChanged', markDocument);
}

/** Shows the app in `language`: its catalogue loads first, so no screen flashes untranslated keys. */
export async function showLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  if (i18next.language !== language) await i18next.changeLanguage(language);
}

export { i18next };
