import type { Language } from '../../i18n/languages.js';
import { translate } from '../../i18n/translator.js';
import { interestIn, listIn, socialIn, valueIn } from '../chat/interview/words.js';

/**
 * The words search explains a result with, in the viewer's language: sentences from
 * content/i18n/server/<language>/match.json, interests and values named as the interview names
 * them in that language. English is what it always was.
 */

export function sayMatch(language: Language, key: string, values: Record<string, unknown> = {}): string {
  return translate(language, `match:${key}`, values);
}

/** "Hiking" → "hiking" (English, mid-sentence; "TV series" keeps its capitals), "徒步", "randonnée". */
export function interestLabel(language: Language, label: string): string {
  if (language !== 'en') return interestIn(language, label);
  const rest = label.slice(1);
  return rest === rest.toLowerCase() ? label.charAt(0).toLowerCase() + rest : label;
}

/** A value mid-sentence: "honesty", "真诚", "l’honnêteté". */
export function valueLabel(language: Language, value: string): string {
  return valueIn(language, value);
}

/** "a, b and c", "a、b和c", "a, b et c". */
export function listFor(language: Language, items: readonly string[]): string {
  return listIn(language, items);
}

/** Sentences one after the other: a space, none between Chinese ones. */
export function sentences(language: Language, parts: readonly string[]): string {
  return parts.join(language === 'zh-Hans' ? '' : ' ');
}

/** The social labels a stored social style is written from (compose.ts, socialStyle), and how each shows in it. */
const SOCIAL_IN_STYLE: ReadonlyArray<readonly [RegExp, string]> = [
  [/small groups/i, 'small groups'],
  [/big groups|big gatherings/i, 'big groups'],
  [/planned meetups/i, 'planned meetups'],
  [/spontaneous plans/i, 'spontaneous plans'],
  [/weekends/i, 'free on weekends'],
  [/evenings/i, 'free in the evenings'],
  [/mornings/i, 'free in the mornings'],
  [/online/i, 'happy to meet online'],
];

/**
 * A profile's social style ("Enjoys small groups; free on weekends", stored in English) in the
 * viewer's language, mid-sentence: "小圈子、周末有空", "les petits groupes, libre le week-end". A
 * style in other words (written by a language model) is shown as written.
 */
export function socialStyleIn(language: Language, style: string): string {
  const inSentence = `${style.charAt(0).toLowerCase()}${style.slice(1)}`;
  if (language === 'en') return inSentence;
  const labels = SOCIAL_IN_STYLE.filter(([pattern]) => pattern.test(style)).map(([, label]) => socialIn(language, label));
  return labels.length > 0 ? labels.join(language === 'zh-Hans' ? '、' : ', ') : style;
}

/** An interest as a tag in the viewer's language: "Hiking", « Randonnée », 徒步. */
export function interestTag(language: Language, label: string): string {
  const named = interestIn(language, label);
  return language === 'fr' ? named.charAt(0).toLocaleUpperCase('fr') + named.slice(1) : named;
}
