import { factsOf, type MatchProfile, type MemberFacts } from './member-facts.js';
import { pairFacts } from './pair-facts.js';
import { type ParsedQuery, parseQuery } from './query-parser.js';
import { rankFeatures, score } from './rank.js';
import { NO_RULES } from './rules.js';
import { whyMatch } from './why-match.js';

function member(overrides: Partial<MatchProfile>): MemberFacts {
  return factsOf({
    name: 'Ana',
    age: 22,
    location: 'Vancouver, BC, Canada',
    gender: 'female',
    profession: 'Undergraduate Student',
    relationship_status: 'single_straight',
    interests: [],
    bio: '',
    enhanced_background: '',
    looking_for: ['friend'],
    core_values: [],
    personality_type: null,
    social_style: null,
    ...overrides,
  } as MatchProfile);
}

/** The features of `candidate` for `viewer`'s wish, through the pair facts as the pipeline computes them. */
const featuresOf = (viewer: MemberFacts, candidate: MemberFacts, query: ParsedQuery, similarity: number, retrieval: number) =>
  rankFeatures(pairFacts(viewer, candidate, query, NO_RULES), viewer, candidate, query, similarity, retrieval);
const rank = (viewer: MemberFacts, candidate: MemberFacts, text: string) => score(featuresOf(viewer, candidate, parseQuery(text), 0.5, 1));

describe('member facts', () => {
  it('never reads a negated clause of the bio as an interest', () => {
    const abby = member({ interests: ['Reading', 'Coffee'], bio: "I'm into reading and coffee. Not into board games, though; I'd rather talk over coffee." });
    expect(abby.textConcepts.has('board_games')).toBe(false);
    expect(abby.negatedConcepts).toEqual(new Set(['board_games']));
    expect(abby.textConcepts.has('reading')).toBe(true);
    // What the interests list says wins over a stray negation.
    expect(member({ interests: ['Hiking'], bio: "I don't hike in winter." }).negatedConcepts.size).toBe(0);
  });

  it('reads the personality words the profile uses and the profession', () => {
    const facts = member({ bio: 'Friends would call me funny and outgoing.', personality_type: 'Introvert', profession: 'Nurse' });
    expect([...facts.traits].sort()).toEqual(['funny', 'introverted', 'outgoing']);
    expect(facts.profession).toBe('Nurse');
  });
});

describe('reranking', () => {
  const viewer = member({ name: 'Vera', interests: ['Photography'] });

  it('ranks a member who says they are not into the asked activity below one who merely does not mention it', () => {
    const negates = member({ name: 'Noah', interests: ['Movies'], bio: "I'm into movies. Honestly, I'm not into hiking." });
    const silent = member({ name: 'Sam', interests: ['Movies'], bio: "I'm into movies." });
    const q = parseQuery('someone to go hiking with');
    expect(featuresOf(viewer, negates, q, 0.5, 1).negated).toBe(1);
    expect(rank(viewer, negates, 'someone to go hiking with')).toBeLessThan(rank(viewer, silent, 'someone to go hiking with'));
  });

  it('counts an asked interest as met by an asked activity that implies it (a basketball player is into sports)', () => {
    const q = parseQuery('basketball pickup games');
    expect(q.concepts).toEqual(['basketball', 'sports']);
    expect(featuresOf(viewer, member({ name: 'Malik', interests: ['Basketball'] }), q, 0.5, 1).features.queryMatch).toBe(1);
    expect(featuresOf(viewer, member({ name: 'Kwame', interests: ['Sports'] }), q, 0.5, 1).features.queryMatch).toBe(0.5);
  });

  it('marks a member who lists only a closely related interest, without scoring it', () => {
    const yogi = member({ name: 'Sara', interests: ['Yoga'] });
    const q = parseQuery('a girlfriend who is into meditation');
    const weighted = featuresOf(viewer, yogi, q, 0.2, 1);
    expect([weighted.related, weighted.features.queryMatch]).toEqual([true, 0]);
    expect(featuresOf(viewer, member({ name: 'Gus', interests: ['Video games'] }), q, 0.2, 1).related).toBe(false);
    expect(featuresOf(viewer, member({ name: 'Zoe', interests: ['Meditation'] }), q, 0.2, 1).related).toBe(false);
  });

  it('ranks a member into what the query rules out below one who is not', () => {
    const gamer = member({ name: 'Gus', interests: ['Hiking', 'Video games'] });
    const hiker = member({ name: 'Hana', interests: ['Hiking', 'Movies'] });
    const text = "a friend who likes hiking but doesn't play video games";
    expect(featuresOf(viewer, gamer, parseQuery(text), 0.5, 1).avoided).toBe(1);
    expect(featuresOf(viewer, hiker, parseQuery(text), 0.5, 1).avoided).toBe(0);
    expect(rank(viewer, gamer, text)).toBeLessThan(rank(viewer, hiker, text));
    // A stated "not" nearly rules out: the gamer keeps a fifth of the score, not half.
    expect(rank(viewer, gamer, text) / rank(viewer, hiker, text)).toBeLessThan(0.3);
    // Without the "doesn't", the gamer who hikes is as good a match.
    expect(rank(viewer, gamer, 'a friend who likes hiking')).toBeCloseTo(rank(viewer, hiker, 'a friend who likes hiking'));
    // Saying you are not into it yourself is what the searcher asked for.
    const abstains = member({ name: 'Abe', interests: ['Hiking'], bio: "I don't play video games." });
    expect(featuresOf(viewer, abstains, parseQuery(text), 0.5, 1).avoided).toBe(0);
  });

  it('uses the personality words the query asks for', () => {
    const funny = member({ name: 'Fay', bio: 'Friends would call me funny and outgoing.' });
    const quiet = member({ name: 'Quin', bio: 'Friends would call me thoughtful.' });
    const q = parseQuery('someone funny and outgoing to hang out with');
    expect(featuresOf(viewer, funny, q, 0.5, 1).features.traitMatch).toBe(1);
    expect(featuresOf(viewer, quiet, q, 0.5, 1).features.traitMatch).toBe(0);
    expect(featuresOf(viewer, quiet, parseQuery('hiking'), 0.5, 1).features.traitMatch).toBeNull();
    expect(rank(viewer, funny, q.text)).toBeGreaterThan(rank(viewer, quiet, q.text));
  });

  it('uses the profession the query names', () => {
    const nurse = member({ name: 'Nell', profession: 'Nurse' });
    const coder = member({ name: 'Cody', profession: 'Software Developer' });
    const q = parseQuery('a nurse or doctor to be friends with');
    expect(featuresOf(viewer, nurse, q, 0.5, 1).features.professionFit).toBe(1);
    expect(featuresOf(viewer, coder, q, 0.5, 1).features.professionFit).toBe(0);
    expect(featuresOf(viewer, coder, parseQuery('hiking'), 0.5, 1).features.professionFit).toBeNull();
    expect(rank(viewer, nurse, q.text)).toBeGreaterThan(rank(viewer, coder, q.text));
  });

  it('counts a profession named by a hobby word only for a member who has it', () => {
    const musician = member({ name: 'Mus', profession: 'Musician', interests: ['Making music'] });
    const student = member({ name: 'Stu', interests: ['Making music'] });
    const q = parseQuery('a guitarist to jam with');
    expect(q.professions).toEqual([]);
    expect(q.professionHints).toEqual(['Musician']);
    expect(featuresOf(viewer, musician, q, 0.5, 1).features.professionFit).toBe(1);
    expect(featuresOf(viewer, student, q, 0.5, 1).features.professionFit).toBeNull();
  });
});

describe('reranking: values, social preferences, the kind of relationship, place', () => {
  const viewer = member({ name: 'Vera' });
  const q = (text: string) => parseQuery(text);

  it('uses the values the query names, and a value word that is a trait only once', () => {
    const family = member({ name: 'Fam', core_values: ['Family'] });
    const other = member({ name: 'Oth', core_values: ['Ambition'] });
    expect(q('someone who values family').values).toEqual(['Family']);
    expect(featuresOf(viewer, family, q('someone who values family'), 0.5, 1).features.valueMatch).toBe(1);
    expect(featuresOf(viewer, other, q('someone who values family'), 0.5, 1).features.valueMatch).toBe(0);
    expect(q('someone kind to go to museums with').values).toEqual([]);
    expect(q('someone fun to hang out with').values).toEqual([]);
  });

  it('counts a social wish the profile states, against one it contradicts, above one it is silent on', () => {
    const mornings = member({ name: 'Mo', social_style: 'Enjoys small groups; free in the mornings' });
    const evenings = member({ name: 'Eve', social_style: 'Free in the evenings' });
    const silent = member({ name: 'Si', social_style: 'Enjoys small groups' });
    const wish = q('gym partner for early mornings');
    expect(wish.social).toEqual(['free in the mornings']);
    const fit = (m: MemberFacts) => featuresOf(viewer, m, wish, 0.5, 1).features.socialFit;
    expect([fit(mornings), fit(silent), fit(evenings)]).toEqual([1, 0.5, 0]);
  });

  it('uses the kind of relationship a partner query asks for', () => {
    const serious = member({ name: 'Ser', looking_for: ['partner'], relationship_style: 'Looking for a partner (a long-term relationship)' });
    const slow = member({ name: 'Slo', looking_for: ['partner'], relationship_style: 'Looking for a partner (taking things slow)' });
    const wish = q('a serious relationship');
    expect(wish.partnerStyle).toBe('a long-term relationship');
    expect(featuresOf(viewer, serious, wish, 0.5, 1).features.partnerStyleFit).toBe(1);
    expect(featuresOf(viewer, slow, wish, 0.5, 1).features.partnerStyleFit).toBe(0);
  });

  it('weighs the viewer’s city more for an activity than for friends when no place is named', () => {
    const there = member({ name: 'Far', location: 'Toronto, ON, Canada' });
    const activity = featuresOf(viewer, there, q('someone to go hiking with'), 0.5, 1);
    const friends = featuresOf(viewer, there, q('friends who like hiking'), 0.5, 1);
    expect(activity.features.location).toBe(0);
    expect(activity.weights.location).toBeGreaterThan(friends.weights.location);
  });
});

describe('whyMatch', () => {
  it('claims an interest is shared only when both list it under the same name', () => {
    const viewer = member({ name: 'Quinn', interests: ['Music', 'Art'] });
    const candidate = member({ name: 'Riley', interests: ['Art', 'Making music'] });
    const pair = pairFacts(viewer, candidate, parseQuery('non-binary friends'), NO_RULES);
    expect(pair.sharedInterests).toContain('Art');
    expect(pair.sameLabels).toEqual(['Art']);
    expect(whyMatch({ name: 'Riley', pair, ages: null })).toContain('You both enjoy art.');
    expect(whyMatch({ name: 'Riley', pair, ages: null })).not.toContain('music');
  });
});
