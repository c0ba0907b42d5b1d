import { z } from 'zod';

import { contentComment, contentText, loadJsonContent } from '../../../content.js';
import type { LookingFor } from '../../../db/schema.js';
import { intlLocale, type Language } from '../../../i18n/languages.js';
import { translate } from '../../../i18n/translator.js';
import { INTEREST_LABELS } from './extract.js';
import { listPhrase } from './facts.js';

/**
 * The built-in interviewer's words in the member's language: every line it says comes from
 * content/i18n/server/<language>/interview.json, and the hobbies, traits and values it names are
 * shown in that language too (content/interview/labels.json), while the profile keeps the
 * English labels search and filters read.
 */

/** A line of the interview catalogue ("questions.interests") in `language`. */
export function say(language: Language, key: string, values: Record<string, unknown> = {}): string {
  return translate(language, `interview:${key}`, values);
}

/** "a, b and c" in the language ("a、b和c", "a, b et c"); English keeps its own rule (no serial comma). */
export function listIn(language: Language, items: readonly string[]): string {
  if (language === 'en') return listPhrase(items);
  return new Intl.ListFormat(intlLocale(language), { style: 'long', type: 'conjunction' }).format(items);
}

/** content/interview/labels.json (or a test's copy), validated. */
export function loadInterviewLabels(file = 'interview/labels.json') {
  return loadJsonContent(z.strictObject({ $comment: contentComment, labels: z.record(z.string(), z.strictObject({ 'zh-Hans': contentText, fr: contentText })) }), file);
}

const labelFile = loadInterviewLabels();

/** English label ("Board games") → its name in each language. */
const LOCAL_LABELS: ReadonlyMap<string, { 'zh-Hans': string; fr: string }> = new Map(
  [...INTEREST_LABELS].flatMap(([id, label]) => {
    const local = labelFile.labels[id];
    return local ? [[label.toLowerCase(), local] as const] : [];
  }),
);

/** An interest label ("Board games", as stored) as the member's language names it; unknown labels as written. */
export function interestIn(language: Language, label: string): string {
  if (language === 'en') return label;
  return LOCAL_LABELS.get(label.toLowerCase())?.[language] ?? label;
}

/** A personality word, social preference or value the rules found ("outgoing", "small groups", "Honesty"). */
export function traitIn(language: Language, trait: string): string {
  return language === 'en' ? trait : sayOr(language, `traits.${trait}`, trait);
}

export function socialIn(language: Language, social: string): string {
  return language === 'en' ? social : sayOr(language, `social.${social}`, social);
}

/** A value mid-sentence ("honesty", "真诚", "l’honnêteté"). */
export function valueIn(language: Language, value: string): string {
  return language === 'en' ? value.toLowerCase() : sayOr(language, `values.${value}`, value.toLowerCase());
}

/** A catalogue line, or `fallback` where the catalogue has none (a word a language model chose). */
function sayOr(language: Language, key: string, fallback: string): string {
  const text = say(language, key);
  return text === key || text === `interview:${key}` ? fallback : text;
}

export function lookingForIn(language: Language, lookingFor: LookingFor): string {
  return say(language, `lookingFor.${lookingFor}`);
}

/** The first letter upper-case (a label opening a sentence); Chinese is unchanged. */
export function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
