import type { LookingFor } from '../../db/schema.js';
import { factsOf, type MatchProfile, type MemberFacts } from '../matching/member-facts.js';
import { partnerAllows } from '../matching/partner-filters.js';
import { rankOne } from '../matching/pipeline.js';
import { type ParsedQuery, parseQuery } from '../matching/query-parser.js';
import { NO_RULES } from '../matching/rules.js';

/**
 * The weekly matching, pure: who is proposed to whom this week. Ranking is the matching
 * pipeline's (matching/pipeline.ts) from each side, so "would B be a good result for what A wants"
 * means exactly what it means in search.
 */

/** Proposals per member per week. */
export const WEEKLY_CAPACITY = 3;
/**
 * Least mutual fit (search's score, 0–1) a pair needs. 0.5 is search's 77 % match: about what
 * two members who share the intent, an interest or two and the city score without any vector
 * help; a pair with only the intent in common stays below it.
 */
export const MIN_MUTUAL_FIT = 0.5;
/** Up to this many opted-in members every pair is scored; above it, each member's nearest by profile vector. */
export const ALL_PAIRS_UP_TO = 300;
/** Above ALL_PAIRS_UP_TO: candidates per member, by profile vector similarity. */
export const NEAREST_K = 40;

export interface WeeklyMember {
  row: MatchProfile & { user_id: string };
}

export type SkipReason = 'blocked' | 'in_conversation' | 'proposed_before' | 'no_shared_intent' | 'partner_preferences' | 'below_threshold' | 'capacity';

export interface WeeklyPair {
  /** user_a < user_b. */
  userA: string;
  userB: string;
  intent: LookingFor;
  /** min(score A→B, score B→A). */
  mutualFit: number;
  scoreAB: number;
  scoreBA: number;
}

export interface MatchingInput {
  members: WeeklyMember[];
  /** Cosine similarity of two members' profile vectors, keyed by `pairKey`; absent: no vectors. */
  similarity: ReadonlyMap<string, number>;
  /** Pairs (by `pairKey`) with a block either way, a message either way, or proposed in an earlier week. */
  blocked: ReadonlySet<string>;
  inConversation: ReadonlySet<string>;
  proposedBefore: ReadonlySet<string>;
}

export interface MatchingResult {
  pairs: WeeklyPair[];
  skipped: Partial<Record<SkipReason, number>>;
}

export const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

const INTENT_WORDS: Record<LookingFor, string> = { friend: 'a friend', activity_partner: 'an activity partner', partner: 'a partner' };
/** The order intents are tried in when two members share several. */
export const INTENT_ORDER: readonly LookingFor[] = ['friend', 'activity_partner', 'partner'];

/** What the member says they want, read as search reads a query: their intent and their interests. */
export function wantedQuery(facts: MemberFacts, intent: LookingFor): ParsedQuery {
  const text = facts.interests.length > 0 ? `${INTENT_WORDS[intent]} who likes ${facts.interests.join(', ')}` : INTENT_WORDS[intent];
  // The intent is the one being paired on, whatever the interest words would suggest.
  return { ...parseQuery(text), intent };
}

/** A member who says nothing about what they look for is read as looking for a friend (as search's intentQuery does). */
export const intentsOf = (facts: MemberFacts): LookingFor[] => (facts.lookingFor.length > 0 ? facts.lookingFor : ['friend']);

/** Which pairs are scored: all of them for a small community, else each member's NEAREST_K by vector. */
export function candidatePairs(ids: readonly string[], similarity: ReadonlyMap<string, number>): [string, string][] {
  const sorted = [...ids].sort();
  const pairs: [string, string][] = [];
  if (sorted.length <= ALL_PAIRS_UP_TO) {
    for (let i = 0; i < sorted.length; i++) for (let j = i + 1; j < sorted.length; j++) pairs.push([sorted[i]!, sorted[j]!]);
    return pairs;
  }
  const nearest = new Map<string, { id: string; s: number }[]>();
  for (const [key, s] of similarity) {
    const [a, b] = key.split('|') as [string, string];
    for (const [from, to] of [[a, b], [b, a]] as const) {
      const list = nearest.get(from) ?? [];
      list.push({ id: to, s });
      nearest.set(from, list);
    }
  }
  const seen = new Set<string>();
  for (const id of sorted) {
    const list = (nearest.get(id) ?? []).sort((x, y) => y.s - x.s || x.id.localeCompare(y.id)).slice(0, NEAREST_K);
    for (const other of list) {
      const key = pairKey(id, other.id);
      if (seen.has(key)) continue;
      seen.add(key);
      pairs.push(id < other.id ? [id, other.id] : [other.id, id]);
    }
  }
  return pairs.sort((x, y) => x[0].localeCompare(y[0]) || x[1].localeCompare(y[1]));
}

/**
 * The week's pairs. A pair qualifies only when it is reciprocal: both look for the same kind of
 * person, each passes the other's partner rules (for a partner), neither blocked the other, they
 * have never written to each other nor been proposed before, and each would rank the other well
 * for what they themselves want. Mutual fit is the smaller of the two scores, not their mean: a
 * pair is only as likely to be a double yes as its less keen side, and a mean would let one
 * member's strong pull hide the other's indifference.
 *
 * Choosing: greedy maximum-weight b-matching (b = WEEKLY_CAPACITY). Qualifying pairs are taken
 * best mutual fit first whenever both members still have room. It is a ½-approximation of the
 * best total fit, deterministic (ties broken by the ids), and each proposal is explained by its
 * own fit, not by a global optimisation nobody can follow.
 */
export function matchWeek(input: MatchingInput): MatchingResult {
  const skipped: Partial<Record<SkipReason, number>> = {};
  const skip = (reason: SkipReason) => (skipped[reason] = (skipped[reason] ?? 0) + 1);
  const byId = new Map(input.members.map((m) => [m.row.user_id, { row: m.row, facts: factsOf(m.row) }]));
  const candidates: WeeklyPair[] = [];

  for (const [a, b] of candidatePairs([...byId.keys()], input.similarity)) {
    const key = pairKey(a, b);
    if (input.blocked.has(key)) { skip('blocked'); continue; }
    if (input.inConversation.has(key)) { skip('in_conversation'); continue; }
    if (input.proposedBefore.has(key)) { skip('proposed_before'); continue; }
    const A = byId.get(a)!;
    const B = byId.get(b)!;
    const shared = INTENT_ORDER.filter((intent) => intentsOf(A.facts).includes(intent) && intentsOf(B.facts).includes(intent));
    if (shared.length === 0) { skip('no_shared_intent'); continue; }
    const intents = shared.filter((intent) => intent !== 'partner' || (partnerAllows(A.row, B.row) && partnerAllows(B.row, A.row)));
    if (intents.length === 0) { skip('partner_preferences'); continue; }
    const similarity = input.similarity.get(key) ?? null;
    let best: WeeklyPair | null = null;
    for (const intent of intents) {
      const scoreAB = rankOne({ viewer: A.facts, query: wantedQuery(A.facts, intent), rules: NO_RULES, factsOf: () => B.facts }, { row: B.row, similarity, retrieval: 0 }).value;
      const scoreBA = rankOne({ viewer: B.facts, query: wantedQuery(B.facts, intent), rules: NO_RULES, factsOf: () => A.facts }, { row: A.row, similarity, retrieval: 0 }).value;
      const mutualFit = Math.min(scoreAB, scoreBA);
      if (!best || mutualFit > best.mutualFit) best = { userA: a, userB: b, intent, mutualFit, scoreAB, scoreBA };
    }
    if (best!.mutualFit < MIN_MUTUAL_FIT) { skip('below_threshold'); continue; }
    candidates.push(best!);
  }

  candidates.sort((x, y) => y.mutualFit - x.mutualFit || x.userA.localeCompare(y.userA) || x.userB.localeCompare(y.userB));
  const taken = new Map<string, number>();
  const pairs: WeeklyPair[] = [];
  for (const pair of candidates) {
    const [na, nb] = [taken.get(pair.userA) ?? 0, taken.get(pair.userB) ?? 0];
    if (na >= WEEKLY_CAPACITY || nb >= WEEKLY_CAPACITY) { skip('capacity'); continue; }
    taken.set(pair.userA, na + 1);
    taken.set(pair.userB, nb + 1);
    pairs.push(pair);
  }
  return { pairs, skipped };
}
