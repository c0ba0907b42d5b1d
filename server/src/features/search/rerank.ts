import { LEXICON, RELATED_LINKS } from '../../ai/builtin/embedding/index.js';
import { type MemberFacts, sharedInterests, sharedValues } from './member-facts.js';
import { isAtPlace, placeOfQuery } from './metro-areas.js';
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
  /** Same city as the query names (or as the viewer's, with less weight, when it names none). */
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

interface Weighted {
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
   * are stated (search-rules.ts, answersQuery), without counting in the score.
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

export function rankFeatures(viewer: MemberFacts | null, candidate: MemberFacts, query: ParsedQuery, similarity: number | null, retrieval: number): Weighted {
  const q = query.concepts;
  const queryMatch =
    q.length === 0
      ? null
      : q.reduce((sum, id) => sum + (candidate.interestConcepts.has(id) || impliedByAsked(candidate, id, q) ? 1 : candidate.textConcepts.has(id) ? 0.7 : 0), 0) / q.length;
  const shared = viewer && viewer.interests.length > 0 ? Math.min(1, sharedInterests(viewer, candidate).length / 3) : null;
  const goal = candidate.lookingFor.includes(query.intent) ? 1 : candidate.lookingFor.length === 0 ? 0.5 : 0;
  // The same metropolitan area counts as the same place (metro-areas.ts): Burnaby is near Vancouver.
  const place = query.city ? placeOfQuery(query.city, viewer) : viewer;
  const location = place?.city ? (isAtPlace(place, candidate) ? 1 : 0) : null;
  let ageFit: number | null = null;
  if (query.ageRange && candidate.age != null) {
    const { min, max } = query.ageRange;
    const outside = candidate.age < min ? min - candidate.age : candidate.age > max ? candidate.age - max : 0;
    ageFit = clamp01(1 - outside / 5);
  } else if (viewer?.age != null && candidate.age != null) {
    ageFit = clamp01(1 - Math.abs(viewer.age - candidate.age) / 10);
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

const SOCIAL_KEYS: ReadonlyArray<readonly [string, RegExp]> = [
  ['small groups', /small groups/i],
  ['big groups', /big groups/i],
  ['planned', /planned/i],
  ['spontaneous', /spontaneous/i],
  ['weekends', /weekends/i],
  ['evenings', /evenings/i],
  ['mornings', /mornings/i],
  ['online', /online/i],
];

function socialKeys(style: string | null): Set<string> {
  return new Set(style ? SOCIAL_KEYS.filter(([, re]) => re.test(style)).map(([key]) => key) : []);
}

const clamp100 = (x: number) => Math.round(Math.min(100, Math.max(0, x)));

/** The three 0–100 numbers shown with a result, each from stated facts only. */
export function compatibility(viewer: MemberFacts | null, candidate: MemberFacts, query: ParsedQuery, queryMatch: number | null) {
  const shared = viewer ? sharedInterests(viewer, candidate).length : 0;
  const values = viewer ? sharedValues(viewer, candidate).length : 0;
  const samePersonality = viewer?.personalityType && candidate.personalityType ? viewer.personalityType === candidate.personalityType : null;
  const personalityMatch = 50 + 12 * Math.min(values, 3) + 4 * Math.min(shared, 3) + (samePersonality === null ? 0 : samePersonality ? 10 : 5);

  const mine = socialKeys(viewer?.socialStyle ?? null);
  const commonSocial = [...socialKeys(candidate.socialStyle)].filter((key) => mine.has(key)).length;
  const sameCity = viewer?.city != null && candidate.city?.toLowerCase() === viewer.city.toLowerCase();
  const ageGap = viewer?.age != null && candidate.age != null ? Math.abs(viewer.age - candidate.age) : null;
  const lifestyleAlignment =
    45 + 12 * Math.min(commonSocial, 3) + (sameCity ? 15 : 0) + (ageGap === null ? 0 : ageGap <= 3 ? 10 : ageGap <= 6 ? 5 : 0) +
    (viewer?.lookingFor.includes(query.intent) && candidate.lookingFor.includes(query.intent) ? 10 : 0);

  const newToViewer = viewer ? candidate.interests.length - sharedInterests(viewer, candidate).length : 0;
  const growthValues = ['growth', 'curiosity'].filter(
    (v) => candidate.coreValues.some((c) => c.toLowerCase() === v) && (viewer?.coreValues.some((c) => c.toLowerCase() === v) ?? false),
  ).length;
  const growthPotential = 40 + 6 * Math.min(newToViewer, 5) + 10 * growthValues + 20 * (queryMatch ?? 0);

  return {
    personalityMatch: clamp100(personalityMatch),
    lifestyleAlignment: clamp100(lifestyleAlignment),
    growthPotential: clamp100(growthPotential),
  };
}
