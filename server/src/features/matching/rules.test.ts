import type { MemberFacts } from './member-facts.js';
import { parseQuery } from './query-parser.js';
import { answersQuery, type RankFeatures } from './rank.js';
import { ageLabel, describeMisses, ruleChips, ruleMisses, rulesOf, type SearchRules } from './rules.js';

/** The misses as the result says them, in English. */
const ruleDifferences = (rules: SearchRules, candidate: MemberFacts) => describeMisses(ruleMisses(rules, candidate));

const member = (facts: Partial<MemberFacts>): MemberFacts => ({
  name: 'Ana', age: 22, city: 'Vancouver', area: 'Metro Vancouver', gender: 'female', status: 'single_straight', interests: [], interestKeys: [], interestConceptsByLabel: [],
  interestConcepts: new Set(), textConcepts: new Set(), negatedConcepts: new Set(), traits: new Set(), social: new Set(),
  partnerStyle: null, profession: null, lookingFor: ['friend'], coreValues: [], personalityType: null, socialStyle: null, ...facts,
});

describe('search rules', () => {
  it('reads the rules a query states, less the dropped ones', () => {
    const query = parseQuery('a girlfriend between 20 and 25 in Vancouver', ['Vancouver'], null);
    expect(rulesOf(query)).toEqual({ age: { min: 20, max: 25 }, gender: 'female', intent: 'partner', city: 'Vancouver', area: 'Metro Vancouver' });
    expect(rulesOf(query, ['age', 'city'])).toEqual({ age: null, gender: 'female', intent: 'partner', city: null, area: null });
    expect(ruleChips(rulesOf(query)).map((c) => c.label)).toEqual(['Ages 20–25', 'Women', 'Looking for a partner', 'In Vancouver']);
    expect(rulesOf(parseQuery('someone to go running with'))).toEqual({ age: null, gender: null, intent: null, city: null, area: null });
  });

  it('labels age ranges as people say them', () => {
    expect(ageLabel({ min: 16, max: 24 })).toBe('Up to 24');
    expect(ageLabel({ min: 31, max: 99 })).toBe('31 or older');
    expect(ageLabel({ min: 22, max: 22 })).toBe('Age 22');
  });

  it('says how a member differs, one phrase per rule missed', () => {
    const rules: SearchRules = { age: { min: 20, max: 25 }, gender: 'female', intent: 'partner', city: 'Vancouver', area: 'Metro Vancouver' };
    expect(ruleDifferences(rules, member({ lookingFor: ['partner'] }))).toEqual([]);
    expect(ruleDifferences(rules, member({ age: 26, lookingFor: ['partner'] }))).toEqual(['26 — a year above your range']);
    expect(ruleDifferences(rules, member({ age: 17, gender: 'male', city: 'Toronto', area: 'Greater Toronto Area', lookingFor: [] }))).toEqual([
      '17 — 3 years below your range',
      'A man — you asked for women',
      "Hasn't said what they're looking for",
      'In Toronto, not Vancouver',
    ]);
    // Friends and activity partners are one kind against a partner.
    const platonic: SearchRules = { age: null, gender: null, intent: 'platonic', city: null, area: null };
    expect(ruleDifferences(platonic, member({ lookingFor: ['activity_partner'] }))).toEqual([]);
    expect(ruleDifferences(platonic, member({ lookingFor: ['partner'] }))).toEqual(['Looking for a partner — you asked for friends']);
  });

  it('reads a place as its metropolitan area: Burnaby meets "in Vancouver", and "near me" is the viewer\'s own area', () => {
    const inVancouver = rulesOf(parseQuery('yoga friends in Vancouver', ['Vancouver', 'Burnaby'], null));
    expect(ruleDifferences(inVancouver, member({ city: 'Burnaby', area: 'Metro Vancouver' }))).toEqual([]);
    expect(ruleDifferences(inVancouver, member({ city: 'Victoria', area: 'Greater Victoria' }))).toEqual(['In Victoria, not Vancouver']);
    // "Near me" from Cambridge, ON: the viewer's own area (Waterloo Region), not Boston's Cambridge.
    const nearMe = rulesOf(parseQuery('yoga friends near me', [], 'Cambridge'), [], { city: 'Cambridge', area: 'Waterloo Region' });
    expect(nearMe).toMatchObject({ city: 'Cambridge', area: 'Waterloo Region' });
    expect(ruleDifferences(nearMe, member({ city: 'Kitchener', area: 'Waterloo Region' }))).toEqual([]);
    expect(ruleDifferences(nearMe, member({ city: 'Boston', area: 'Greater Boston' }))).toEqual(['In Boston, not Cambridge']);
    // A city named in two areas, without a region, is only itself.
    expect(rulesOf(parseQuery('people in Cambridge', ['Cambridge'], null))).toMatchObject({ city: 'Cambridge', area: null });
  });

  it('keeps a member who has something of what was asked, or everyone when only rules were asked', () => {
    const features = (f: Partial<RankFeatures>): RankFeatures => ({
      similarity: 0, queryMatch: null, sharedInterests: null, goal: 1, location: null, ageFit: null, genderFit: null, traitMatch: null,
      professionFit: null, valueMatch: null, socialFit: null, partnerStyleFit: null, retrieval: 0, ...f,
    });
    expect(answersQuery(features({}))).toBe(true);
    expect(answersQuery(features({ queryMatch: 0 }))).toBe(false);
    expect(answersQuery(features({ queryMatch: 0.5 }))).toBe(true);
    expect(answersQuery(features({ queryMatch: 0, similarity: 0.6 }))).toBe(true);
    expect(answersQuery(features({ traitMatch: 0, professionFit: 1 }))).toBe(true);
    expect(answersQuery(features({ queryMatch: 0 }), true)).toBe(true); // a yogi for 'meditation'
  });
});
