import { describe, expect, it } from '@jest/globals';

import type { Gender, LookingFor, RelationshipStatus } from '../../db/schema.js';
import type { SearchProfileRow } from '../search/search.repository.js';
import { mondayOf } from './week.js';
import { partnerAllows } from '../matching/partner-filters.js';
import { ALL_PAIRS_UP_TO, candidatePairs, MIN_MUTUAL_FIT, type MatchingInput, matchWeek, NEAREST_K, pairKey, WEEKLY_CAPACITY } from './weekly-matching.js';

let next = 0;
function member(name: string, over: Partial<SearchProfileRow> & { lookingFor?: LookingFor[]; gender?: Gender; status?: RelationshipStatus } = {}): SearchProfileRow {
  next += 1;
  const id = `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`;
  return {
    id: `p-${id}`,
    user_id: id,
    name,
    age: 21,
    bio: 'Student who likes meeting people.',
    location: 'Vancouver, British Columbia, Canada',
    gender: over.gender ?? 'female',
    profession: 'Student',
    relationship_status: over.status ?? 'single_lgbtq',
    contact_info: {},
    interests: ['Hiking', 'Board games', 'Cooking'],
    enhanced_background: null,
    personality_type: null,
    social_style: null,
    relationship_style: null,
    core_values: [],
    looking_for: over.lookingFor ?? ['friend'],
    avatar_url: null,
    is_vip: false,
    vip_expires_at: null,
    card_type: null,
    card_image_url: null,
    card_image_urls: [],
    card_video_url: null,
    card_text: null,
    updated_at: new Date(0),
    ...over,
  };
}

const none = new Set<string>();
const input = (rows: SearchProfileRow[], over: Partial<MatchingInput> = {}): MatchingInput => ({
  members: rows.map((row) => ({ row })),
  similarity: new Map(),
  blocked: none,
  inConversation: none,
  proposedBefore: none,
  ...over,
});
const pairsOf = (rows: SearchProfileRow[], over: Partial<MatchingInput> = {}) => matchWeek(input(rows, over)).pairs.map((p) => pairKey(p.userA, p.userB));

describe('the weekly matching', () => {
  it('pairs two members who each fit what the other wants, above the threshold', () => {
    const [ana, bo] = [member('Ana'), member('Bo')];
    const { pairs } = matchWeek(input([ana, bo]));
    expect(pairs).toHaveLength(1);
    expect(pairs[0]!.mutualFit).toBeGreaterThanOrEqual(MIN_MUTUAL_FIT);
    expect(pairs[0]!.mutualFit).toBe(Math.min(pairs[0]!.scoreAB, pairs[0]!.scoreBA));
  });

  it('is reciprocal: different intents are never paired, however similar', () => {
    const ana = member('Ana', { lookingFor: ['friend'] });
    const bo = member('Bo', { lookingFor: ['activity_partner'] });
    const result = matchWeek(input([ana, bo], { similarity: new Map([[pairKey(ana.user_id, bo.user_id), 0.99]]) }));
    expect(result.pairs).toEqual([]);
    expect(result.skipped).toEqual({ no_shared_intent: 1 });
  });

  it('applies the partner rules from each side', () => {
    const straightWoman = member('Ana', { lookingFor: ['partner'], gender: 'female', status: 'single_straight' });
    const straightMan = member('Bo', { lookingFor: ['partner'], gender: 'male', status: 'single_straight' });
    const lgbtqWoman = member('Cy', { lookingFor: ['partner'], gender: 'female', status: 'single_lgbtq' });
    const taken = member('Di', { lookingFor: ['partner'], gender: 'male', status: 'not_single' });
    expect(partnerAllows(straightWoman, straightMan) && partnerAllows(straightMan, straightWoman)).toBe(true);
    // Cy (LGBTQ+) sees only LGBTQ+ singles; Ana (straight) only men: neither way works.
    expect(partnerAllows(lgbtqWoman, straightWoman)).toBe(false);
    expect(partnerAllows(straightWoman, lgbtqWoman)).toBe(false);
    // Di is not single: nobody's partner search returns him, whatever Di's own filter says.
    expect(partnerAllows(straightWoman, taken)).toBe(false);
    expect(pairsOf([straightWoman, straightMan, lgbtqWoman, taken])).toEqual([pairKey(straightWoman.user_id, straightMan.user_id)]);
    expect(matchWeek(input([lgbtqWoman, straightWoman])).skipped).toEqual({ partner_preferences: 1 });
  });

  it.each([
    ['a block either way', 'blocked'],
    ['a message either way', 'inConversation'],
    ['an earlier week\'s proposal', 'proposedBefore'],
  ] as const)('leaves out a pair with %s', (_case, field) => {
    const [ana, bo] = [member('Ana'), member('Bo')];
    const result = matchWeek(input([ana, bo], { [field]: new Set([pairKey(bo.user_id, ana.user_id)]) }));
    expect(result.pairs).toEqual([]);
    expect(Object.values(result.skipped)).toEqual([1]);
  });

  it('leaves out a pair below the threshold', () => {
    const ana = member('Ana', { interests: ['Chess'], location: 'Toronto', age: 19 });
    const bo = member('Bo', { interests: ['Surfing'], location: 'Vancouver', age: 30, looking_for: [] });
    expect(matchWeek(input([ana, bo])).skipped).toEqual({ below_threshold: 1 });
  });

  it(`gives nobody more than ${WEEKLY_CAPACITY}, and counts the pairs left for capacity`, () => {
    const rows = Array.from({ length: 8 }, (_, i) => member(`M${i}`));
    const result = matchWeek(input(rows));
    const per = new Map<string, number>();
    for (const p of result.pairs) for (const id of [p.userA, p.userB]) per.set(id, (per.get(id) ?? 0) + 1);
    expect(Math.max(...per.values())).toBe(WEEKLY_CAPACITY);
    expect(result.pairs.length).toBe((8 * WEEKLY_CAPACITY) / 2);
    expect(result.skipped.capacity).toBe((8 * 7) / 2 - result.pairs.length);
  });

  it('takes the best mutual fit first (greedy b-matching) and is deterministic', () => {
    const rows = Array.from({ length: 6 }, (_, i) => member(`M${i}`, { interests: i % 2 ? ['Hiking', 'Cooking', 'Chess'] : ['Hiking', 'Cooking', 'Board games'] }));
    const similarity = new Map([[pairKey(rows[0]!.user_id, rows[2]!.user_id), 0.9]]);
    const first = matchWeek(input(rows, { similarity }));
    expect(matchWeek(input([...rows].reverse(), { similarity }))).toEqual(first);
    const fits = first.pairs.map((p) => p.mutualFit);
    expect(fits).toEqual([...fits].sort((a, b) => b - a));
    expect(pairKey(first.pairs[0]!.userA, first.pairs[0]!.userB)).toBe(pairKey(rows[0]!.user_id, rows[2]!.user_id));
  });
});

describe('candidate pairs', () => {
  const ids = (n: number) => Array.from({ length: n }, (_, i) => `u${String(i).padStart(4, '0')}`);

  it(`are all pairs up to ${ALL_PAIRS_UP_TO} members`, () => {
    expect(candidatePairs(ids(4), new Map())).toHaveLength(6);
    expect(candidatePairs(ids(ALL_PAIRS_UP_TO), new Map())).toHaveLength((ALL_PAIRS_UP_TO * (ALL_PAIRS_UP_TO - 1)) / 2);
  });

  it(`are each member's ${NEAREST_K} nearest by vector above that`, () => {
    const many = ids(ALL_PAIRS_UP_TO + 1);
    // Everyone is near u0000, by a similarity that falls with the id; u0001 is also near everyone else.
    const similarity = new Map<string, number>();
    for (const [i, id] of many.entries()) {
      if (i === 0) continue;
      similarity.set(pairKey(many[0]!, id), 1 - i / 1000);
      if (i > 1) similarity.set(pairKey(many[1]!, id), 0.5);
    }
    const pairs = candidatePairs(many, similarity);
    const ofFirst = pairs.filter(([a, b]) => a === many[0] || b === many[0]);
    // u0000's own nearest, plus every member for whom u0000 is among their nearest: each pair once.
    expect(new Set(pairs.map(([a, b]) => pairKey(a, b))).size).toBe(pairs.length);
    expect(ofFirst.length).toBe(many.length - 1);
    expect(pairs.length).toBeLessThan((many.length * (many.length - 1)) / 2);
    expect(pairs.every(([a, b]) => similarity.has(pairKey(a, b)))).toBe(true);
  });
});

describe('the week', () => {
  it('is the Monday of the week in the configured time zone', () => {
    expect(mondayOf(new Date('2026-11-26T12:00:00Z'), 'UTC')).toBe('2026-11-23');
    expect(mondayOf(new Date('2026-11-23T00:30:00Z'), 'UTC')).toBe('2026-11-23');
    // Sunday evening in Vancouver is Monday in UTC: still the week before there.
    expect(mondayOf(new Date('2026-11-30T03:00:00Z'), 'America/Vancouver')).toBe('2026-11-23');
    expect(mondayOf(new Date('2026-11-30T03:00:00Z'), 'UTC')).toBe('2026-11-30');
  });
});
