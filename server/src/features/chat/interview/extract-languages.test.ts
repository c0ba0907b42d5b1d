import { extractFacts } from './extract.js';

// The built-in rules read an answer in English, Chinese or French, whatever language the
// interview is in: hobbies through the search lexicon, the rest through content/interview/reading.json.

describe('extractFacts in Chinese and French', () => {
  it.each([
    ['我喜欢攀岩和摄影', ['Climbing', 'Photography']],
    ['j’adore l’escalade et la photographie', ['Climbing', 'Photography']],
    ["J'aime la randonnée et les jeux de société", ['Hiking', 'Board games']],
  ])('finds the interests in %j', (text, interests) => {
    expect(extractFacts(text).interests).toEqual(interests);
  });

  it.each([
    ['想交朋友', ['friend']],
    ['找搭子一起打球', ['activity_partner']],
    ['想找对象', ['partner']],
    ['找个伴侣', ['partner']],
    ['de nouveaux amis', ['friend']],
    ['une amie pour discuter', ['friend']],
    ['un partenaire d’activité pour courir', ['activity_partner']],
    ['un·e partenaire, une relation sérieuse', ['partner']],
    ['une petite amie', ['partner']],
    ['des amis et des partenaires d’activité', ['friend', 'activity_partner']],
  ])('reads what %j is looking for', (text, lookingFor) => {
    expect(extractFacts(text).lookingFor).toEqual(lookingFor);
  });

  it('reads French personality, social style, values and a serious relationship', () => {
    expect(extractFacts('Drôle, curieuse et plutôt calme').traits).toEqual(['funny', 'curious', 'easygoing']);
    expect(extractFacts('en petit comité, libre le soir et le week-end').social).toEqual(['small groups', 'free on weekends', 'free in the evenings']);
    expect(extractFacts('L’honnêteté et la bienveillance').values).toEqual(['Honesty', 'Kindness']);
    expect(extractFacts('je cherche une relation sérieuse').partnerStyle).toBe('a long-term relationship');
  });

  it('keeps what a French answer rules out out of the interests', () => {
    const facts = extractFacts('je n’aime pas la natation mais j’adore le tennis');
    expect(facts.interests).toEqual(['Tennis']);
    expect(facts.removedInterests).toEqual(['Swimming']);
  });

  it.each([
    ['Je m’appelle Élodie', 'Élodie'],
    ['appelez-moi Marc', 'Marc'],
    ['我叫小林', '小林'],
  ])('takes the name in %j', (text, name) => {
    expect(extractFacts(text).name).toBe(name);
  });
});

describe('friends who describe the member', () => {
  it.each(['朋友说我开朗、幽默', 'Mes amis me décriraient comme drôle', 'My friends would say I am outgoing'])('are not a wish for friends in %j', (text) => {
    expect(extractFacts(text).lookingFor).toEqual([]);
    expect(extractFacts(text).traits.length).toBeGreaterThan(0);
  });
});

// Issue 33: what a new member writes, read as they mean it, in all three languages.
describe('everyday words for partners, the gym and baking', () => {
  it.each([
    ['un partenaire pour la course à pied', ['activity_partner'], ['Running']],
    ['un partenaire de muscu', ['activity_partner'], ['Fitness']],
    ['je cherche des partenaires pour aller à la salle', ['activity_partner'], ['Fitness']],
    ['une partenaire de tennis le samedi', ['activity_partner'], ['Tennis']],
    ['un partenaire de vie', ['partner'], []],
    ['un partenaire pour une relation sérieuse', ['partner'], []],
    ['je cherche un partenaire', ['partner'], []],
    ['a partner for climbing', ['activity_partner'], ['Climbing']],
    ['找个撸铁搭子', ['activity_partner'], ['Fitness']],
  ])('%j: looking for %j, into %j', (text, lookingFor, interests) => {
    const facts = extractFacts(text);
    expect(facts.lookingFor).toEqual(lookingFor);
    expect(facts.interests).toEqual(interests);
  });

  it.each([
    ['j’adore faire des gâteaux', ['Baking']],
    ['je vais à la salle trois fois par semaine', ['Fitness']],
    ['on se retrouve à la salle de classe', []], // a classroom is not the gym
    ['平时喜欢撸铁', ['Fitness']],
    ['I study pomodoro style', ['Study']],
    ['I love fashion and street style', ['Fashion']],
  ])('%j is into %j', (text, interests) => {
    expect(extractFacts(text).interests).toEqual(interests);
  });
});
