import type { Gender, LookingFor, RelationshipStatus } from '../../db/schema.js';
import type { MatchProfile } from './member-facts.js';

/** Hard filters on who may be found beyond the ones every search has (not self, not deleted, complete). */
export interface CandidateFilters {
  excludeNotSingle?: boolean;
  /** SEARCH_VERIFIED_ONLY: only verified campus members. */
  verifiedOnly?: boolean;
  statuses?: RelationshipStatus[];
  genders?: Gender[];
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
