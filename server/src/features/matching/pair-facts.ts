import type { LookingFor } from '../../db/schema.js';
import type { MemberFacts } from './member-facts.js';
import { nearness, placeOfQuery } from './metro-areas.js';
import type { ParsedQuery } from './query-parser.js';
import { type RuleMiss, ruleMisses, type SearchRules } from './rules.js';

/**
 * Everything true of one viewer and one candidate (for one wish) that ranking and explanation
 * use, computed once per candidate. The score's features, the reasons, the compatibility numbers
 * and the analysis all read these, so a reason can never claim what the score did not count, and
 * "same place", "close in age" or "looking for the same" mean one thing everywhere.
 */
export interface PairFacts {
  /** The candidate's interest labels the viewer has too, by name or by lexicon concept ("Music" ~ "Making music"): what the score counts. */
  sharedInterests: string[];
  /**
   * Of those, the labels both list under the same name: the only ones said in words ("you both
   * enjoy making music" would not be true of a viewer who listens to music).
   */
  sameLabels: string[];
  /** The candidate's interest labels that name an activity or interest the wish asks for. */
  askedFor: string[];
  /** Where both live, when near: the same city, or two cities of one metropolitan area. */
  samePlace: SamePlace | null;
  /**
   * The candidate is at the wish's place: the city it names (with its area), or else the viewer's
   * own ("near me" and no place named alike). Null when there is no place to be at.
   */
  atPlace: boolean | null;
  /** Years between their ages, when both are given. */
  ageGap: number | null;
  /** The candidate looks for what the wish asks (`wanted`), says nothing of it (`unsaid`), or looks for other things. */
  goal: 'wanted' | 'unsaid' | 'other';
  /** The wish's intent, when both say they look for it. */
  bothLookingFor: LookingFor | null;
  /** Core values both hold (the candidate's words). */
  sharedValues: string[];
  /** Group size, planning and free-time preferences both state ("small groups"). */
  socialInCommon: string[];
  /** How the candidate differs from the wish's stated rules (age, gender, kind of relationship, place). */
  misses: RuleMiss[];
}

export type SamePlace = { kind: 'city'; city: string } | { kind: 'area'; area: string };

/**
 * The candidate's interest labels the viewer has too: under the same name, or (`byConcept`) naming
 * a lexicon concept one of the viewer's interests names.
 */
function interestsInCommon(viewer: MemberFacts, candidate: MemberFacts, byConcept: boolean): string[] {
  const mine = new Set(viewer.interestKeys);
  return candidate.interests.filter(
    (_, i) => mine.has(candidate.interestKeys[i]!) || (byConcept && (candidate.interestConceptsByLabel[i] ?? []).some((id) => viewer.interestConcepts.has(id))),
  );
}

/** The candidate's interest labels that name a concept the wish asks for. */
export function askedForInterests(candidate: MemberFacts, queryConcepts: readonly string[]): string[] {
  return candidate.interests.filter((_, i) => (candidate.interestConceptsByLabel[i] ?? []).some((id) => queryConcepts.includes(id)));
}

function samePlaceOf(viewer: MemberFacts, candidate: MemberFacts): SamePlace | null {
  switch (nearness(viewer, candidate)) {
    case 'city':
      return { kind: 'city', city: candidate.city! };
    case 'area':
      return { kind: 'area', area: candidate.area! };
    default:
      return null;
  }
}

export function pairFacts(viewer: MemberFacts | null, candidate: MemberFacts, query: ParsedQuery, rules: SearchRules): PairFacts {
  const place = query.city ? placeOfQuery(query.city, viewer) : viewer;
  const values = new Set(viewer?.coreValues.map((v) => v.toLowerCase()) ?? []);
  return {
    sharedInterests: viewer ? interestsInCommon(viewer, candidate, true) : [],
    sameLabels: viewer ? interestsInCommon(viewer, candidate, false) : [],
    askedFor: askedForInterests(candidate, query.concepts),
    samePlace: viewer ? samePlaceOf(viewer, candidate) : null,
    atPlace: place?.city ? nearness(place, candidate) !== null : null,
    ageGap: viewer?.age != null && candidate.age != null ? Math.abs(viewer.age - candidate.age) : null,
    goal: candidate.lookingFor.includes(query.intent) ? 'wanted' : candidate.lookingFor.length === 0 ? 'unsaid' : 'other',
    bothLookingFor: viewer?.lookingFor.includes(query.intent) && candidate.lookingFor.includes(query.intent) ? query.intent : null,
    sharedValues: candidate.coreValues.filter((v) => values.has(v.toLowerCase())),
    socialInCommon: viewer ? [...candidate.social].filter((label) => viewer.social.has(label)) : [],
    misses: ruleMisses(rules, candidate),
  };
}
