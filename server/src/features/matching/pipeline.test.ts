import { describe, expect, it } from '@jest/globals';

import type { Language } from '../../i18n/languages.js';
import { sayMatch } from './match-words.js';
import { factsOf, type MatchProfile } from './member-facts.js';
import { type Candidate, explain, rankCandidates, type Ranked } from './pipeline.js';
import { parseQuery } from './query-parser.js';
import { rulesOf } from './rules.js';
import { closeInAge } from './why-match.js';

let next = 0;
function profile(over: Partial<MatchProfile>): MatchProfile {
  next += 1;
  return {
    id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    name: `Member ${next}`,
    age: 22,
    bio: '',
    location: 'Vancouver, BC, Canada',
    gender: 'female',
    profession: 'Student',
    relationship_status: 'single_straight',
    interests: [],
    enhanced_background: '',
    personality_type: null,
    social_style: null,
    relationship_style: null,
    core_values: [],
    looking_for: ['friend'],
    updated_at: new Date(0),
    ...over,
  };
}

const viewerRow = profile({ name: 'Vera', age: 23, interests: ['Hiking', 'Photography', 'Music'], core_values: ['Honesty'], looking_for: ['friend', 'activity_partner'], social_style: 'Enjoys small groups; free on weekends' });
const PLACES = ['Vancouver, BC, Canada', 'Burnaby, BC, Canada', 'Victoria, BC, Canada', 'Toronto, ON, Canada', null];
const INTERESTS = [['Hiking'], ['Photography', 'Coffee'], ['Making music'], ['Running', 'Hiking'], ['Board games'], []];
const LOOKING = [['friend'], ['activity_partner'], ['partner'], []] as const;
// A small community where every combination of place, interests, intent and age shows up.
const community: MatchProfile[] = [];
for (const [i, location] of PLACES.entries()) {
  for (const [j, interests] of INTERESTS.entries()) {
    community.push(
      profile({
        location,
        interests,
        age: 18 + ((i * 7 + j * 3) % 15),
        looking_for: [...LOOKING[(i + j) % LOOKING.length]!],
        gender: (i + j) % 2 === 0 ? 'female' : 'male',
        core_values: j % 2 === 0 ? ['Honesty'] : [],
        social_style: j % 3 === 0 ? 'Enjoys big groups' : 'Enjoys small groups',
      }),
    );
  }
}

const QUERIES = [
  'someone near me to go hiking with',
  'friends who like photography',
  'women between 20 and 24 in Vancouver who like music',
  'un partenaire de randonnée près de chez moi',
  '想找一起拍照的朋友',
  'a friend',
];

function ranked(text: string): { results: Ranked<MatchProfile>[]; cityNamed: boolean } {
  const viewer = factsOf(viewerRow);
  const query = parseQuery(text, ['Vancouver', 'Burnaby', 'Victoria', 'Toronto'], viewer.city, viewer.age);
  const rules = rulesOf(query, [], viewer);
  const candidates: Candidate<MatchProfile>[] = community.map((row, i) => ({ row, similarity: 0.2 + (i % 5) / 10, retrieval: 1 - i / community.length }));
  return { results: rankCandidates({ viewer, query, rules, factsOf }, candidates, community.length), cityNamed: query.city !== null };
}

describe('the matching pipeline', () => {
  it.each(QUERIES)('holds every reason to the pair facts that produced the score: %s', (text) => {
    const viewer = factsOf(viewerRow);
    const { results, cityNamed } = ranked(text);
    expect(results.length).toBeGreaterThan(0);
    for (const language of ['en', 'fr', 'zh-Hans'] as Language[]) {
      for (const result of results) {
        const { pair, weighted, facts } = result;
        const { features } = weighted;
        const said = explain(result, viewer, language).whyMatch;
        const says = (key: string, values: Record<string, unknown>) => said.includes(sayMatch(language, key, values));
        // "Same place" is one fact: the reason, the place feature (the viewer's own place when the
        // query names none) and the lifestyle number all read it.
        if (pair.samePlace?.kind === 'area') expect(pair.samePlace.area).toBe(facts.area);
        if (says('why.sameCity', { city: facts.city }) || (facts.area !== null && says('why.sameArea', { area: facts.area }))) {
          expect(pair.samePlace).not.toBeNull();
          if (!cityNamed) expect(features.location).toBe(1);
        }
        if (!cityNamed && viewer.city) expect(features.location === 1).toBe(pair.samePlace !== null);
        // A reason about interests is backed by the feature that scored them.
        if (pair.askedFor.length > 0) expect(features.queryMatch).toBeGreaterThan(0);
        if (pair.sameLabels.length > 0) expect(features.sharedInterests).toBeGreaterThan(0);
        if (pair.bothLookingFor) expect(features.goal).toBe(1);
        if (closeInAge(pair, viewer.age, facts.age)) expect(features.ageFit === null || features.ageFit >= 0.7).toBe(true);
        // meetsRules is the misses, and the misses are what the result says first.
        const shown = explain(result, viewer, language);
        expect(shown.meetsRules).toBe(pair.misses.length === 0);
        expect(shown.matchPercentage).toBe(result.percentage);
      }
    }
    // Members who meet every rule come first.
    const meets = results.map((r) => r.pair.misses.length === 0);
    expect(meets).toEqual([...meets].sort((a, b) => Number(b) - Number(a)));
  });

  it('counts a Burnaby member as in the same place as a Vancouver viewer, in the score and in the words', () => {
    const viewer = factsOf(viewerRow);
    const { results } = ranked('someone near me to go hiking with');
    const burnaby = results.find((r) => r.facts.city === 'Burnaby' && r.facts.interests.includes('Hiking'))!;
    expect(burnaby.pair.samePlace).toEqual({ kind: 'area', area: 'Metro Vancouver' });
    expect(burnaby.weighted.features.location).toBe(1);
    expect(burnaby.pair.misses).toEqual([]);
    expect(explain(burnaby, viewer, 'en').whyMatch).toContain("You're both in Metro Vancouver.");
    const victoria = results.find((r) => r.facts.city === 'Victoria' && r.facts.interests.includes('Hiking'))!;
    expect(victoria.pair.samePlace).toBeNull();
    expect(victoria.weighted.features.location).toBe(0);
  });

  it('names a member without a name in the reader’s language', () => {
    const viewer = factsOf(viewerRow);
    const nameless = profile({ name: null, interests: ['Hiking'] });
    const [result] = rankCandidates({ viewer, query: parseQuery('hiking'), rules: rulesOf(parseQuery('hiking')), factsOf }, [{ row: nameless, similarity: 0.5, retrieval: 1 }], 1);
    expect(explain(result!, viewer, 'fr').whyMatch).toContain('Ce membre');
    expect(explain(result!, viewer, 'en').whyMatch).toContain('This member');
  });
});
