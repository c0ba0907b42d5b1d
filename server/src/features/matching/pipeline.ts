import type { Language } from '../../i18n/languages.js';
import { compatibility } from './compatibility.js';
import type { MatchProfile, MemberFacts } from './member-facts.js';
import { type PairFacts, pairFacts } from './pair-facts.js';
import type { ParsedQuery } from './query-parser.js';
import { answersQuery, matchPercentage, rankFeatures, score, type Weighted } from './rank.js';
import { describeMisses, hasRules, type SearchRules } from './rules.js';
import { closeInAge, whyMatch } from './why-match.js';

/**
 * The matching pipeline, pure: member facts → pair facts → features → score, for every
 * candidate (cheap), then words for the shown ones only. Search, the weekly round and the
 * touchpoint listings all rank through here.
 */

/** A profile found by retrieval (or listed another way), with how close it came. */
export interface Candidate<R extends MatchProfile> {
  row: R;
  /** Cosine similarity to the wish; null when the profile has no vector of the wish's model. */
  similarity: number | null;
  /** Fused retrieval score, 0–1, relative to the best candidate. */
  retrieval: number;
}

/** One scored candidate. */
export interface Ranked<R extends MatchProfile> {
  row: R;
  facts: MemberFacts;
  pair: PairFacts;
  weighted: Weighted;
  /** The score, 0–1. */
  value: number;
  /** The score as shown, 55–99. */
  percentage: number;
}

export interface Ranking {
  viewer: MemberFacts | null;
  query: ParsedQuery;
  rules: SearchRules;
  /** Member facts of a candidate (memoized per profile version by the caller). */
  factsOf: (row: MatchProfile) => MemberFacts;
}

/** Scores one candidate against one wish. */
export function rankOne<R extends MatchProfile>({ viewer, query, rules, factsOf }: Ranking, candidate: Candidate<R>): Ranked<R> {
  const facts = factsOf(candidate.row);
  const pair = pairFacts(viewer, facts, query, rules);
  const weighted = rankFeatures(pair, viewer, facts, query, candidate.similarity, candidate.retrieval);
  const value = score(weighted);
  return { row: candidate.row, facts, pair, weighted, value, percentage: matchPercentage(value) };
}

/**
 * Scores every candidate and keeps the best `limit`. Members who satisfy every stated rule come
 * first; within each group, the best match first. When the wish states rules and asks for
 * something (an activity, an interest), members who have none of it are left out: "a running
 * partner between 20 and 25" is answered by runners of 20–25, then, under the divider, runners
 * just outside the range, not by every member aged 20–25. Only when no one has what is asked
 * does the page fall back to everyone, rules first.
 */
export function rankCandidates<R extends MatchProfile>(ranking: Ranking, candidates: readonly Candidate<R>[], limit: number): Ranked<R>[] {
  const scored = candidates.map((candidate) => rankOne(ranking, candidate));
  const relevant = hasRules(ranking.rules) ? scored.filter((s) => answersQuery(s.weighted.features, s.weighted.related)) : scored;
  return (relevant.length > 0 ? relevant : scored)
    .sort(
      (a, b) =>
        Number(a.pair.misses.length > 0) - Number(b.pair.misses.length > 0) ||
        b.percentage - a.percentage ||
        b.value - a.value ||
        a.row.id.localeCompare(b.row.id),
    )
    .slice(0, limit);
}

/** What a shown result says about the match, in the viewer's language. */
export interface Explanation {
  matchPercentage: number;
  whyMatch: string;
  /** The member satisfies every rule the wish states; always true when it states none. */
  meetsRules: boolean;
  personalityMatch: number;
  lifestyleAlignment: number;
  growthPotential: number;
}

/** Words and numbers for one ranked result: only the shown results are explained. */
export function explain(ranked: Ranked<MatchProfile>, viewer: MemberFacts | null, language: Language, fallback?: (name: string | null) => string): Explanation {
  const { facts, pair } = ranked;
  return {
    matchPercentage: ranked.percentage,
    whyMatch: whyMatch({
      name: facts.name,
      pair,
      ages: closeInAge(pair, viewer?.age ?? null, facts.age),
      fallback: fallback?.(facts.name),
      differences: describeMisses(pair.misses, language),
      language,
    }),
    meetsRules: pair.misses.length === 0,
    ...compatibility(pair, viewer, facts, ranked.weighted.features.queryMatch),
  };
}
