import { LEXICON, RELATED_LINKS } from '../../ai/builtin/embedding/index.js';
import type { MemberFacts } from './member-facts.js';
import type { PairFacts } from './pair-facts.js';
import type { ParsedQuery } from './query-parser.js';

/**
 * Explainable reranking. Each feature is a number in [0, 1] (or null when it does not apply:
 * no activity in the query, no age asked for…); the score is the weighted mean of the features
 * that apply, and the match percentage maps it onto 55–99 with one decimal.
 */
export interface RankFeatures {
  /** Cosine similarity of the query and profile vectors, scaled (÷ SIMILARITY_FULL, capped at 1). */
  similarity: number;
  /** Share of the query's activities/interests the profile names (interests count 1, bio 0.7). */
  queryMatch: number | null;
  /** Interests shared with the viewer: 1 from three on. */
  sharedInterests: number | null;
  /** The profile looks for what the query asks (1), says nothing (0.5), or looks for other things (0). */
  goal: number;
  /** At the place the query names (or the viewer's, with less weight, when it names none): the same city or its metropolitan area. */
  location: number | null;
  /** In the asked age range (1, falling to 0 five years outside), or close to the viewer's age. */
  ageFit: number | null;
  /** The gender the query names. */
  genderFit: number | null;
  /** Share of the personality words the query asks for ("funny", "chill") that the profile uses. */
  traitMatch: number | null;
  /** The profession the query names ("a nurse"); a hobby word ("a guitarist") only counts when it fits. */
  professionFit: number | null;
  /** Share of the values the query names that the profile's core values include. */
  valueMatch: number | null;
  /** Share of the group size, planning and availability wishes the profile shares ("early mornings"). */
  socialFit: number | null;
  /** The kind of relationship the query asks for (long-term, slow) is the one the profile hopes for. */
  partnerStyleFit: number | null;
  /** Reciprocal-rank-fusion score of the two retrievals, relative to the best candidate. */
  retrieval: number;
}

export const SIMILARITY_FULL = 0.7;

/** Social preferences that answer the same question: group size, planning, free time, meeting online. */
const SOCIAL_GROUPS: ReadonlyArray<readonly string[]> = [
  ['small groups', 'big groups'],
  ['planned meetups', 'spontaneous plans'],
  ['free on weekends', 'free in the evenings', 'free in the mornings'],
  ['happy to meet online'],
];

/** 1 when the profile states the wish, 0 when it states another answer to the same question, 0.5 when it says nothing about it. */
export function socialAgreement(wish: string, theirs: ReadonlySet<string>): number {
  if (theirs.has(wish)) return 1;
  const group = SOCIAL_GROUPS.find((g) => g.includes(wish)) ?? [wish];
  return group.some((option) => theirs.has(option)) ? 0 : 0.5;
}

export interface Weighted {
  features: RankFeatures;
  weights: Record<keyof RankFeatures, number>;
  /**
   * Share of the query's activities/interests the profile says they are NOT into. The score is
   * scaled down by half of it: their text names the thing, so similarity alone would rank them up.
   */
  negated: number;
  /**
   * How far the profile is into what the query rules out ("not into sports"): the share of those
   * concepts it names (interests count 1, bio 0.7). The score is scaled down by AVOIDED_PENALTY
   * of it.
   */
  avoided: number;
  /**
   * The profile names none of the asked activities and interests but lists one closely related
   * to one of them (lexicon links from RELATED_LINK_MIN): it still answers the query when rules
   * are stated (`answersQuery` below), without counting in the score.
   */
  related: boolean;
}

/** From this weight a lexicon link counts as closely linked: table tennis ↔ racket sports 0.7, yoga ↔ mindfulness 0.5, yoga ↔ fitness 0.4. */
const RELATED_LINK_MIN = 0.4;

/** The member lists an interest closely linked to `id` (a racket-sports player for "ping pong", a yogi for "meditation"). */
function listsRelated(candidate: MemberFacts, id: string): boolean {
  for (const [other, weight] of RELATED_LINKS.get(id) ?? []) if (weight >= RELATED_LINK_MIN && candidate.interestConcepts.has(other)) return true;
  return false;
}

const KIND_OF: ReadonlyMap<string, string> = new Map(LEXICON.map((c) => [c.id, c.kind]));
/** A lexicon link from which doing an activity implies the interest it belongs to (basketball → sports 0.6, hiking → outdoors 0.6). */
export const IMPLIED_LINK_MIN = 0.6;

/**
 * Whether an asked interest is implied by another asked activity the member has: "basketball
 * pickup games" asks for sports and basketball, and a basketball player is into sports.
 */
function impliedByAsked(candidate: MemberFacts, id: string, asked: readonly string[]): boolean {
  if (KIND_OF.get(id) !== 'interest') return false;
  return asked.some((other) => other !== id && KIND_OF.get(other) === 'activity' && (RELATED_LINKS.get(id)?.get(other) ?? 0) >= IMPLIED_LINK_MIN && candidate.interestConcepts.has(other));
}

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));
const round1 = (x: number) => Math.round(x * 10) / 10;

/**
 * The features of one candidate for one wish. What is true of both members comes from `pair`
 * (pair-facts.ts); what the wish asks of the candidate alone (activities, traits, a profession)
 * is read here.
 */
export function rankFeatures(pair: PairFacts, viewer: MemberFacts | null, candidate: MemberFacts, query: ParsedQuery, similarity: number | null, retrieval: number): Weighted {
  const q = query.concepts;
  const queryMatch =
    q.length === 0
      ? null
      : q.reduce((sum, id) => sum + (candidate.interestConcepts.has(id) || impliedByAsked(candidate, id, q) ? 1 : candidate.textConcepts.has(id) ? 0.7 : 0), 0) / q.length;
  const shared = viewer && viewer.interests.length > 0 ? Math.min(1, pair.sharedInterests.length / 3) : null;
  const goal = pair.goal === 'wanted' ? 1 : pair.goal === 'unsaid' ? 0.5 : 0;
  const location = pair.atPlace === null ? null : pair.atPlace ? 1 : 0;
  let ageFit: number | null = null;
  if (query.ageRange && candidate.age != null) {
    const { min, max } = query.ageRange;
    const outside = candidate.age < min ? min - candidate.age : candidate.age > max ? candidate.age - max : 0;
    ageFit = clamp01(1 - outside / 5);
  } else if (pair.ageGap !== null) {
    ageFit = clamp01(1 - pair.ageGap / 10);
  }
  const genderFit = query.gender ? (candidate.gender === query.gender ? 1 : 0) : null;
  const traitMatch = query.traits.length === 0 ? null : query.traits.filter((t) => candidate.traits.has(t)).length / query.traits.length;
  const named = (list: readonly string[]) => candidate.profession !== null && list.includes(candidate.profession);
  // A job word counts for and against; a hobby word ("guitarist") only for a member who has that job.
  const professionFit = query.professions.length > 0 ? (named(query.professions) ? 1 : 0) : named(query.professionHints) ? 1 : null;
  const values = new Set(candidate.coreValues.map((v) => v.toLowerCase()));
  const valueMatch = query.values.length === 0 ? null : query.values.filter((v) => values.has(v.toLowerCase())).length / query.values.length;
  const socialFit = query.social.length === 0 ? null : query.social.reduce((sum, wish) => sum + socialAgreement(wish, candidate.social), 0) / query.social.length;
  const partnerStyleFit = query.partnerStyle === null ? null : candidate.partnerStyle === query.partnerStyle ? 1 : 0;
  const negated = q.length === 0 ? 0 : q.filter((id) => candidate.negatedConcepts.has(id)).length / q.length;
  const ruledOut = query.avoided;
  const avoided =
    ruledOut.length === 0 ? 0 : ruledOut.reduce((sum, id) => sum + (candidate.interestConcepts.has(id) ? 1 : candidate.textConcepts.has(id) ? 0.7 : 0), 0) / ruledOut.length;
  return {
    negated,
    avoided,
    related: queryMatch === 0 && q.some((id) => listsRelated(candidate, id)),
    features: {
      similarity: clamp01((similarity ?? 0) / SIMILARITY_FULL),
      queryMatch,
      sharedInterests: shared,
      goal,
      location,
      ageFit,
      genderFit,
      traitMatch,
      professionFit,
      valueMatch,
      socialFit,
      partnerStyleFit,
      retrieval: clamp01(retrieval),
    },
    weights: {
      similarity: 0.3,
      queryMatch: 0.3,
      sharedInterests: 0.1,
      goal: 0.1,
      // Without a place named, the viewer's city matters more when they want company for an activity (in person).
      location: query.city ? 0.15 : query.intent === 'activity_partner' ? 0.1 : 0.04,
      ageFit: query.ageRange ? 0.15 : 0.04,
      genderFit: 0.3,
      traitMatch: 0.15,
      professionFit: 0.25,
      valueMatch: 0.1,
      socialFit: 0.1,
      partnerStyleFit: 0.1,
      retrieval: 0.05,
    },
  };
}

/**
 * How much of the score a member fully into what the query rules out loses. A stated "not gamers"
 * is a wish people read as a rule: 0.8 drops such a member below those with less of what was asked
 * (at one half, a gamer who also had the asked interest still ranked above most who do not game).
 */
const AVOIDED_PENALTY = 0.8;

/** The weighted mean of the features that apply, in [0, 1]. */
export function score({ features, weights, negated, avoided }: Weighted): number {
  let sum = 0;
  let total = 0;
  for (const key of Object.keys(features) as (keyof RankFeatures)[]) {
    const value = features[key];
    if (value === null) continue;
    sum += weights[key] * value;
    total += weights[key];
  }
  return total === 0 ? 0 : (sum / total) * (1 - negated / 2) * (1 - avoided * AVOIDED_PENALTY);
}

export const MATCH_MIN = 55;
export const MATCH_MAX = 99;

/** 55–99, one decimal. */
export function matchPercentage(value: number): number {
  return round1(MATCH_MIN + (MATCH_MAX - MATCH_MIN) * clamp01(value));
}

/**
 * Scaled similarity (the `similarity` feature) from which a profile is about what the query asks
 * even without naming it: a camper for "hiking", a profile that talks around the subject.
 */
export const RELATED_SIMILARITY = 0.5;

/**
 * The profile has something of what the query asks for beyond the rules: one of its activities
 * or interests (in their interests or text), a personality word, a value, a profession, or a
 * close vector, or (`listsRelated`) an interest closely linked to an asked one. A query that asks
 * for none of these (only rules: "women in Vancouver") is answered by everyone.
 */
export function answersQuery(features: RankFeatures, listsRelated = false): boolean {
  const asked = [features.queryMatch, features.traitMatch, features.valueMatch, features.professionFit];
  if (asked.every((value) => value === null)) return true;
  return asked.some((value) => value !== null && value > 0) || features.similarity >= RELATED_SIMILARITY || listsRelated;
}
