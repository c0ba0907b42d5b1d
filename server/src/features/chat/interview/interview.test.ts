import { composeProfile, personalityType, socialStyle } from './compose.js';
import { explicitAdditions, extractFacts } from './extract.js';
import { emptyFacts, type MemberBasics } from './facts.js';
import { Interview } from './interview.js';
import { ruleWriter } from './rule-writer.js';

const basics: MemberBasics = { name: 'Wei', age: 18, profession: 'High School Student', location: 'Richmond, BC, Canada', relationshipStatus: 'single_lgbtq' };

describe('extractFacts', () => {
  it.each([
    ['I love hiking and photography', ['Hiking', 'Photography']],
    ['Into bouldering, anime and League of Legends', ['Climbing', 'Anime', 'Video games']],
    ['我喜欢徒步和摄影，周末打羽毛球', ['Hiking', 'Photography', 'Badminton']],
    ['I play guitar and cook a lot', ['Making music', 'Cooking']],
  ])('finds the interests in %j', (text, expected) => {
    expect(extractFacts(text).interests).toEqual(expect.arrayContaining(expected));
  });

  it('keeps what the member dislikes out of their interests, and reports it for removal', () => {
    const facts = extractFacts("I like chess but I don't like running. Never into basketball");
    expect(facts.interests).toEqual(['Chess']);
    expect(facts.removedInterests).toEqual(expect.arrayContaining(['Running', 'Basketball']));
  });

  it.each([
    ['outgoing and funny', ['outgoing', 'funny']],
    ["pretty quiet, but kind and reliable", ['introverted', 'kind', 'reliable']],
    ['内向，但是很幽默', ['introverted', 'funny']],
  ])('reads personality words in %j', (text, expected) => {
    expect(extractFacts(text).traits).toEqual(expect.arrayContaining(expected));
  });

  it('reads "kind of" as a hedge and "after class" as a time, not as kindness or study', () => {
    const facts = extractFacts("I'm kind of shy. I go bouldering after class");
    expect(facts.traits).toEqual(['introverted']);
    expect(facts.values).toEqual([]);
    expect(facts.interests).toEqual(['Climbing']);
    expect(facts.social).toEqual(['free in the evenings']);
  });

  it('reads social style, availability and values', () => {
    const facts = extractFacts('One-on-one or small groups, spontaneous plans, free most evenings. I value honesty and growth.');
    expect(facts.social).toEqual(['small groups', 'spontaneous plans', 'free in the evenings']);
    expect(facts.values).toEqual(['Honesty', 'Growth']);
  });

  it.each([
    ['new friends', ['friend'], null],
    ['a gym buddy and someone to study with', ['activity_partner'], null],
    ['looking for a serious relationship', ['partner'], 'a long-term relationship'],
    ['找个搭子一起打球，也想脱单', ['activity_partner', 'partner'], null],
    ['a partner for tennis', ['activity_partner'], null],
  ])('reads what %j is looking for', (text, lookingFor, partnerStyle) => {
    const facts = extractFacts(text);
    expect(facts.lookingFor).toEqual(lookingFor);
    expect(facts.partnerStyle).toBe(partnerStyle);
  });

  it('takes explicit additions the lexicon does not know', () => {
    expect(explicitAdditions('please add pottery and knitting to my interests')).toEqual(['Pottery', 'Knitting']);
    expect(explicitAdditions('I like tea')).toEqual([]);
  });
});

describe('composeProfile', () => {
  it('writes only what the facts say', () => {
    const profile = composeProfile({ ...emptyFacts(), interests: ['Chess'], traits: ['curious'], lookingFor: ['friend'] }, basics);
    expect(profile.bio).toBe("I'm into chess. Friends would call me curious. Here to meet new friends.");
    expect(profile.enhancedBackground).toBe(
      'Wei is an 18-year-old high school student based in Richmond. Wei enjoys chess. Friends would describe Wei as curious. Wei is looking for new friends.',
    );
    expect(profile.socialStyle).toBeNull();
    expect(profile.coreValues).toEqual([]);
  });

  it('quotes the member when no interest was recognised', () => {
    const profile = composeProfile({ ...emptyFacts(), ownWords: ['mostly tinkering with old radios'] }, basics);
    expect(profile.bio).toBe('In my own words: “mostly tinkering with old radios”');
  });

  it('keeps the bio within 500 characters by dropping whole sentences', () => {
    const many = Array.from({ length: 40 }, (_, i) => `Interest number ${i}`);
    const profile = composeProfile({ ...emptyFacts(), interests: many, activities: many, values: ['Honesty'] }, basics);
    expect(profile.bio.length).toBeLessThanOrEqual(500);
    expect(profile.bio.endsWith('.')).toBe(true);
    expect(profile.interests.length).toBe(20);
  });

  it('names personality and social style from the words used', () => {
    expect(personalityType(['introverted', 'outgoing'])).toBe('Ambivert');
    expect(personalityType(['kind'])).toBe('Kind');
    expect(personalityType([])).toBeNull();
    expect(socialStyle(['small groups', 'big groups', 'free on weekends', 'free in the evenings'])).toBe(
      'Enjoys both small groups and big gatherings; free on weekends and in the evenings',
    );
  });
});

describe('the onboarding interview', () => {
  it('asks the five topics in order and finishes with a profile', async () => {
    const interview = new Interview(ruleWriter, 'Kindred');
    let { state } = await interview.startOnboarding(basics);
    const replies: string[] = [];
    for (const answer of ['chess and cooking', 'chess nights', 'calm and thoughtful', 'small groups', 'friends']) {
      const turn = await interview.answer(state, answer, basics);
      replies.push(turn.reply);
      state = turn.state;
      if (turn.completed) expect(turn.profile?.interests).toEqual(['Chess', 'Cooking']);
    }
    expect(replies.map((r) => /with other people|friends describe|small groups or bigger|who are you hoping|everything I need/.exec(r)?.[0])).toEqual([
      'with other people',
      'friends describe',
      'small groups or bigger',
      'who are you hoping',
      'everything I need',
    ]);
  });

  it('defaults to friendship when the last question is never answered', async () => {
    const interview = new Interview(ruleWriter, 'Kindred');
    let { state } = await interview.startOnboarding(basics);
    let last;
    for (const answer of ['chess', 'chess', 'calm', 'small groups', 'dunno', 'no idea']) {
      last = await interview.answer(state, answer, basics);
      state = last.state;
    }
    expect(last?.completed).toBe(true);
    expect(last?.profile?.lookingFor).toEqual(['friend']);
  });
});
