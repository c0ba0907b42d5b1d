import { GENDERS, RELATIONSHIP_STATUSES } from '../../../../contract/profile.js';
import type { Gender, LookingFor, RelationshipStatus } from '../../db/schema.js';
import { pairKey, wishesAllow, wishesFilter } from './partner-filters.js';

type Member = { relationship_status: RelationshipStatus | null; gender: Gender | null; looking_for: LookingFor[] };
const member = (relationship_status: RelationshipStatus | null, gender: Gender | null, looking_for: LookingFor[] = []): Member => ({ relationship_status, gender, looking_for });

const straightMan = member('single_straight', 'male', ['partner']);
const straightWoman = member('single_straight', 'female', ['partner']);
const lgbtqWoman = member('single_lgbtq', 'female', ['partner']);

/** What wishesFilter's SQL keeps (search.repository's wishesCondition), evaluated here as the SQL reads it. */
function sqlKeeps(candidate: Member, viewer: Member, intent: LookingFor): boolean {
  const filter = wishesFilter(intent, viewer);
  if (candidate.looking_for.length > 0 && !candidate.looking_for.some((kind) => filter.welcome.includes(kind))) return false;
  return !filter.acceptingPairs || filter.acceptingPairs.includes(pairKey(candidate.relationship_status, candidate.gender));
}

describe('two-way wishes', () => {
  it('keep a member out of a search for a kind of relationship they do not look for', () => {
    const friendsOnly = member('single_straight', 'female', ['friend']);
    expect(wishesAllow(friendsOnly, straightMan, 'partner')).toBe(false);
    expect(wishesAllow(friendsOnly, straightMan, 'friend')).toBe(true);
    // Friends and activity partners are one side of the divide; a partner is the other.
    expect(wishesAllow(friendsOnly, straightMan, 'activity_partner')).toBe(true);
    expect(wishesAllow(member('single_straight', 'female', ['partner']), straightMan, 'activity_partner')).toBe(false);
    // A member who names no kind has stated no wish about it.
    expect(wishesAllow(member('single_straight', 'female'), straightMan, 'activity_partner')).toBe(true);
  });

  it('keep a partner out of the search of someone their own partner search would not find', () => {
    expect(wishesAllow(straightWoman, straightMan, 'partner')).toBe(true);
    expect(wishesAllow(straightWoman, member('single_straight', 'female'), 'partner')).toBe(false);
    expect(wishesAllow(straightWoman, lgbtqWoman, 'partner')).toBe(false);
    expect(wishesAllow(lgbtqWoman, straightWoman, 'partner')).toBe(false);
    expect(wishesAllow(lgbtqWoman, member('single_lgbtq', 'male'), 'partner')).toBe(true);
    // A viewer who states no status: a straight woman's own search would not find them.
    expect(wishesAllow(straightWoman, member(null, null), 'partner')).toBe(false);
    // Gender and status wishes are partner wishes only.
    expect(wishesAllow(member('single_lgbtq', 'female', ['friend', 'partner']), straightMan, 'friend')).toBe(true);
  });

  it('are the same rule in SQL as in code, for every status, gender and kind on both sides', () => {
    const statuses = [null, ...RELATIONSHIP_STATUSES];
    const genders = [null, ...GENDERS];
    const kinds: LookingFor[][] = [[], ['friend'], ['activity_partner'], ['partner'], ['activity_partner', 'friend'], ['friend', 'partner']];
    const everyone = statuses.flatMap((s) => genders.flatMap((g) => kinds.map((k) => member(s, g, k))));
    for (const intent of ['friend', 'activity_partner', 'partner'] as const) {
      for (const viewer of everyone.filter((m) => m.looking_for.length === 0)) {
        for (const candidate of everyone) expect([candidate, viewer, intent, sqlKeeps(candidate, viewer, intent)]).toEqual([candidate, viewer, intent, wishesAllow(candidate, viewer, intent)]);
      }
    }
  });
});
