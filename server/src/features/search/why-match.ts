import type { LookingFor } from '../../db/schema.js';
import type { Language } from '../../i18n/languages.js';
import { interestLabel, listFor, sayMatch, sentences } from './match-words.js';
import { askedForInterests, type MemberFacts } from './member-facts.js';
import type { ParsedQuery } from './query-parser.js';

/**
 * The facts a result's short "why" is made of. Each is true of both profiles (or, for
 * `askedFor`, of the result's own interests and the query): nothing is inferred or guessed.
 */
export interface MatchFacts {
  /** The result's interest labels that name an activity or interest the query asks for. */
  askedFor: string[];
  /**
   * The result's interest labels that the viewer also lists under the same name. Labels that only
   * share a lexicon concept ("Music" and "Making music") help the ranking, but "you both enjoy
   * making music" would not be true of a viewer who listens to music, so they are not claimed.
   */
  sharedInterests: string[];
  /** The intent, when both profiles say they are looking for it. */
  bothLookingFor: LookingFor | null;
  /** The city both live in. */
  sameCity: string | null;
  /** Both ages, when they are at most three years apart. */
  closeInAge: [number, number] | null;
}

export const CLOSE_IN_AGE_YEARS = 3;

/** The candidate's interest labels the viewer lists too, ignoring case and surrounding spaces. */
export function sameLabels(viewer: MemberFacts, candidate: MemberFacts): string[] {
  const mine = new Set(viewer.interests.map((label) => label.trim().toLowerCase()));
  return candidate.interests.filter((label) => mine.has(label.trim().toLowerCase()));
}

export function matchFacts(viewer: MemberFacts | null, candidate: MemberFacts, query: ParsedQuery): MatchFacts {
  const bothLookingFor = viewer && viewer.lookingFor.includes(query.intent) && candidate.lookingFor.includes(query.intent) ? query.intent : null;
  const sameCity = viewer?.city && candidate.city && viewer.city.toLowerCase() === candidate.city.toLowerCase() ? candidate.city : null;
  const closeInAge =
    viewer?.age != null && candidate.age != null && Math.abs(viewer.age - candidate.age) <= CLOSE_IN_AGE_YEARS
      ? ([viewer.age, candidate.age] as [number, number])
      : null;
  return {
    askedFor: askedForInterests(candidate, query.concepts),
    sharedInterests: viewer ? sameLabels(viewer, candidate) : [],
    bothLookingFor,
    sameCity,
    closeInAge,
  };
}

/** "Hiking" → "hiking"; labels with inner capitals ("TV series") keep them. */
export function lowerLabel(label: string): string {
  const rest = label.slice(1);
  return rest === rest.toLowerCase() ? label.charAt(0).toLowerCase() + rest : label;
}

export function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export const GOAL_PHRASES: Readonly<Record<LookingFor, string>> = {
  friend: 'new friends',
  activity_partner: 'activity partners',
  partner: 'a partner',
};

/** "new friends", "新朋友", "de nouveaux amis". */
export function goalPhrase(language: Language, goal: LookingFor): string {
  return sayMatch(language, `goals.${goal}`);
}

/**
 * At most three short sentences from the facts, most specific first. Without any, `fallback`
 * (what brought the two together), else the search's own reason. A result that misses a stated
 * rule says first how it differs ("26 — a year above your range."), so the member sees why it is
 * below the ones that fit.
 */
export function whyMatch(name: string, facts: MatchFacts, fallback?: string, differences: readonly string[] = [], language: Language = 'en'): string {
  const differs = differences.length > 0 ? sayMatch(language, 'why.differences', { list: differences.join(language === 'zh-Hans' ? '；' : '; ') }) : null;
  const reason = reasons(name, facts, fallback, differs === null ? 3 : 2, language);
  return differs === null ? reason : sentences(language, [differs, reason]);
}

/** The sentences come from content/i18n/server/<language>/match.json ("why"), in the viewer's language. */
function reasons(name: string, facts: MatchFacts, fallback: string | undefined, most: number, language: Language): string {
  const said: string[] = [];
  const list = (labels: readonly string[]) => listFor(language, labels.map((label) => interestLabel(language, label)));
  const asked = facts.askedFor.slice(0, 2);
  if (asked.length > 0) said.push(sayMatch(language, 'why.askedFor', { name, list: list(asked) }));
  const shared = facts.sharedInterests.filter((label) => !asked.includes(label)).slice(0, 3);
  if (shared.length > 0) said.push(sayMatch(language, 'why.shared', { list: list(shared) }));
  if (facts.bothLookingFor) said.push(sayMatch(language, 'why.bothLookingFor', { goal: goalPhrase(language, facts.bothLookingFor) }));
  if (facts.sameCity) said.push(sayMatch(language, 'why.sameCity', { city: facts.sameCity }));
  if (facts.closeInAge) said.push(sayMatch(language, 'why.closeInAge', { mine: String(facts.closeInAge[0]), theirs: String(facts.closeInAge[1]) }));
  if (said.length === 0) return fallback ?? sayMatch(language, 'why.fallback', { name });
  return sentences(language, said.slice(0, most));
}
