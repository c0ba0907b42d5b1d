import { GENDERS, RELATIONSHIP_STATUSES } from '../../../../contract/profile.js';
import type { Gender, LookingFor, RelationshipStatus } from '../../db/schema.js';
import type { MatchProfile } from './member-facts.js';

/** Hard filters on who may be found beyond the ones every search has (not self, not deleted, complete). */
export interface CandidateFilters {
  excludeNotSingle?: boolean;
  /** SEARCH_VERIFIED_ONLY: only verified campus members. */
  verifiedOnly?: boolean;
  statuses?: RelationshipStatus[];
  genders?: Gender[];
  /** Two-way wishes: only candidates whose own stated wishes take the viewer in (wishesFilter). */
  wishes?: WishesFilter;
}

type Seeker = Pick<MatchProfile, 'relationship_status' | 'gender'>;

/**
 * Who a partner search may return. Never a member who is not single. Members say whether they are
 * straight or LGBTQ+ through their status, so a single viewer sees singles of the same kind; a
 * straight viewer who is a man or a woman sees the other gender. A viewer without a status (or
 * not single) sees every single member.
 */
export function partnerFilters(intent: LookingFor, viewer: Seeker | undefined): CandidateFilters {
  if (intent !== 'partner') return {};
  const filters: CandidateFilters = { excludeNotSingle: true };
  if (viewer?.relationship_status === 'single_lgbtq') filters.statuses = ['single_lgbtq'];
  if (viewer?.relationship_status === 'single_straight') {
    filters.statuses = ['single_straight'];
    if (viewer.gender === 'male') filters.genders = ['female'];
    if (viewer.gender === 'female') filters.genders = ['male'];
  }
  return filters;
}

/** Whether `candidate` passes the partner filters of `viewer`, as the retrieval's SQL applies them. */
export function partnerAllows(viewer: Seeker, candidate: Seeker): boolean {
  const filters = partnerFilters('partner', viewer);
  if (filters.excludeNotSingle && candidate.relationship_status === 'not_single') return false;
  if (filters.statuses && (candidate.relationship_status === null || !filters.statuses.includes(candidate.relationship_status))) return false;
  if (filters.genders && (candidate.gender === null || !filters.genders.includes(candidate.gender))) return false;
  return true;
}

/**
 * Two-way wishes, as the retrieval's SQL applies them: a candidate who names the kinds of
 * relationship they look for must name one that welcomes the search's kind (welcomedBy), and for a partner search the
 * candidate's own partner filters (partnerAllows) must take the viewer in. The pairs are listed
 * here from partnerAllows, so the SQL matches a list and the rule is written once.
 */
export interface WishesFilter {
  /** The kinds a candidate may name to be shown (welcomedBy the search's intent). */
  welcome: LookingFor[];
  /** For a partner search: `status/gender` (pairKey) of every candidate whose partner filters take the viewer in. */
  acceptingPairs?: string[];
}

type Wisher = Seeker & Pick<MatchProfile, 'looking_for'>;

/** A candidate's status and gender as one string ('' for none): what the SQL compares with acceptingPairs. */
export const pairKey = (status: RelationshipStatus | null, gender: Gender | null) => `${status ?? ''}/${gender ?? ''}`;

const EVERY_SEEKER: Seeker[] = [null, ...RELATIONSHIP_STATUSES].flatMap((relationship_status) =>
  [null, ...GENDERS].map((gender) => ({ relationship_status, gender })),
);

/**
 * The kinds of relationship a candidate may look for and still welcome a search of `intent`. The
 * divide a member draws is dating or not: someone after friends is glad of an activity partner
 * and the other way round, but neither wants to be found by a partner search, nor someone after
 * a partner by a platonic one.
 */
export function welcomedBy(intent: LookingFor): LookingFor[] {
  return intent === 'partner' ? ['partner'] : ['friend', 'activity_partner'];
}

export function wishesFilter(intent: LookingFor, viewer: Seeker | undefined): WishesFilter {
  const welcome = welcomedBy(intent);
  if (intent !== 'partner') return { welcome };
  const asViewer: Seeker = viewer ?? { relationship_status: null, gender: null };
  const accepting = EVERY_SEEKER.filter((candidate) => partnerAllows(candidate, asViewer));
  return { welcome, acceptingPairs: accepting.map((c) => pairKey(c.relationship_status, c.gender)) };
}

/** Whether `candidate`'s own stated wishes take in `viewer` for a search of `intent` (what wishesFilter's SQL keeps). */
export function wishesAllow(candidate: Wisher, viewer: Seeker, intent: LookingFor): boolean {
  const welcome = welcomedBy(intent);
  if (candidate.looking_for.length > 0 && !candidate.looking_for.some((kind) => welcome.includes(kind))) return false;
  return intent !== 'partner' || partnerAllows(candidate, viewer);
}
