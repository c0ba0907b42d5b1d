import type { LookingFor } from '../../db/schema.js';
import type { Language } from '../../i18n/languages.js';
import { interestLabel, listFor, sayMatch, sentences } from './match-words.js';
import type { PairFacts } from './pair-facts.js';

/** Ages at most this far apart are "close in age". */
export const CLOSE_IN_AGE_YEARS = 3;

/** "Hiking" → "hiking"; labels with inner capitals ("TV series") keep them. */
export function lowerLabel(label: string): string {
  const rest = label.slice(1);
  return rest === rest.toLowerCase() ? label.charAt(0).toLowerCase() + rest : label;
}

/** "new friends", "新朋友", "de nouveaux amis". */
export function goalPhrase(language: Language, goal: LookingFor): string {
  return sayMatch(language, `goals.${goal}`);
}

/** A member's name in a sentence, or "This member" in the reader's language when the profile gives none. */
export function nameIn(language: Language, name: string | null): string {
  return name ?? sayMatch(language, 'names.someone');
}

/** Both ages, when they are close (`CLOSE_IN_AGE_YEARS`). */
export function closeInAge(pair: PairFacts, viewerAge: number | null, candidateAge: number | null): [number, number] | null {
  return pair.ageGap !== null && pair.ageGap <= CLOSE_IN_AGE_YEARS && viewerAge !== null && candidateAge !== null ? [viewerAge, candidateAge] : null;
}

export interface WhyMatchInput {
  name: string | null;
  pair: PairFacts;
  /** Both ages, for "close in age" (closeInAge). */
  ages: [number, number] | null;
  /** What brought the two together, said when no fact is. */
  fallback?: string;
  /** How the candidate differs from the stated rules, in `language` (describeMisses). */
  differences?: readonly string[];
  language?: Language;
}

/**
 * At most three short sentences from the pair's facts, most specific first. Without any,
 * `fallback`, else the search's own reason. A result that misses a stated rule says first how it
 * differs ("26 — a year above your range."), so the member sees why it is below the ones that fit.
 */
export function whyMatch({ name, pair, ages, fallback, differences = [], language = 'en' }: WhyMatchInput): string {
  const differs = differences.length > 0 ? sayMatch(language, 'why.differences', { list: differences.join(language === 'zh-Hans' ? '；' : '; ') }) : null;
  const reason = reasons(nameIn(language, name), pair, ages, fallback, differs === null ? 3 : 2, language);
  return differs === null ? reason : sentences(language, [differs, reason]);
}

/** The sentences come from content/i18n/server/<language>/match.json ("why"), in the viewer's language. */
function reasons(name: string, pair: PairFacts, ages: [number, number] | null, fallback: string | undefined, most: number, language: Language): string {
  const said: string[] = [];
  const list = (labels: readonly string[]) => listFor(language, labels.map((label) => interestLabel(language, label)));
  const asked = pair.askedFor.slice(0, 2);
  if (asked.length > 0) said.push(sayMatch(language, 'why.askedFor', { name, list: list(asked) }));
  const shared = pair.sameLabels.filter((label) => !asked.includes(label)).slice(0, 3);
  if (shared.length > 0) said.push(sayMatch(language, 'why.shared', { list: list(shared) }));
  if (pair.bothLookingFor) said.push(sayMatch(language, 'why.bothLookingFor', { goal: goalPhrase(language, pair.bothLookingFor) }));
  if (pair.samePlace?.kind === 'city') said.push(sayMatch(language, 'why.sameCity', { city: pair.samePlace.city }));
  if (pair.samePlace?.kind === 'area') said.push(sayMatch(language, 'why.sameArea', { area: pair.samePlace.area }));
  if (ages) said.push(sayMatch(language, 'why.closeInAge', { mine: String(ages[0]), theirs: String(ages[1]) }));
  if (said.length === 0) return fallback ?? sayMatch(language, 'why.fallback', { name });
  return sentences(language, said.slice(0, most));
}
