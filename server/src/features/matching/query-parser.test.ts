import { analyzeText } from '../../ai/builtin/embedding/index.js';
import { INTEREST_LABELS } from '../chat/interview/extract.js';
import { expandChatSlang } from './chat-slang.js';
import { ageRangeOf, cityHintOf, wishOf, genderOf, intentStated, keywordsOf, parseQuery, professionsOf, wantedAndRuledOut } from './query-parser.js';
import { rulesOf } from './rules.js';

describe('parseQuery', () => {
  it('reads the intent', () => {
    expect(parseQuery('someone to go hiking with').intent).toBe('activity_partner');
    expect(parseQuery('a hiking buddy').intent).toBe('activity_partner');
    expect(parseQuery('new friends who like board games').intent).toBe('friend');
    expect(parseQuery('a girlfriend who loves cooking').intent).toBe('partner');
    expect(parseQuery('looking for a serious relationship').intent).toBe('partner');
    expect(parseQuery('bouldering').intent).toBe('activity_partner');
    expect(parseQuery('someone kind').intent).toBe('friend');
  });

  it('reads activities and interests through the lexicon, in any language', () => {
    expect(parseQuery('someone to go hiking and bouldering with').concepts).toEqual(['hiking', 'climbing']);
    expect(parseQuery('找个徒步搭子').concepts).toEqual(['hiking']);
    expect(parseQuery('a friend').concepts).toEqual([]);
  });

  it('reads age hints', () => {
    expect(ageRangeOf('someone in their 20s')).toEqual({ min: 20, max: 29 });
    expect(ageRangeOf('early 30s')).toEqual({ min: 30, max: 33 });
    expect(ageRangeOf('in their twenties')).toEqual({ min: 20, max: 29 });
    expect(ageRangeOf('around 22')).toEqual({ min: 20, max: 24 });
    expect(ageRangeOf('18-25 year olds')).toEqual({ min: 18, max: 25 });
    expect(ageRangeOf('between 25 and 21')).toEqual({ min: 21, max: 25 });
    expect(ageRangeOf('under 25')).toEqual({ min: 16, max: 24 }); // a 25-year-old is not under 25
    expect(ageRangeOf('a 10k running buddy')).toBeNull();
    expect(ageRangeOf('hiking')).toBeNull();
  });

  it.each([
    ['between 20 and 25', 20, 25],
    ['20-25', 20, 25],
    ['20 to 25', 20, 25],
    ['20–25 year olds', 20, 25],
    ['under 25', 16, 24],
    ['25 or younger', 16, 25],
    ['at most 25', 16, 25],
    ['over 30', 31, 99],
    ['30 and over', 30, 99],
    ['older than 30', 31, 99],
    ['in their twenties', 20, 29],
    ['late 20s', 26, 29],
    ['around 22', 20, 24],
    ['22 years old', 21, 23],
    ['20到25岁', 20, 25],
    ['20至25岁的女生', 20, 25],
    ['25岁以下', 16, 25],
    ['30岁以上', 30, 99],
    ['二十多岁', 20, 29],
    ['22岁左右', 20, 24],
    ['entre 20 et 25 ans', 20, 25],
    ['moins de 25 ans', 16, 24],
    ['plus de 30 ans', 31, 99],
    ['la vingtaine', 20, 29],
    ['environ 22 ans', 20, 24],
  ])('reads the age rule in "%s" as %i–%i', (text, min, max) => {
    expect(ageRangeOf(text)).toEqual({ min, max });
  });

  it('reads "my age" from the searcher’s own age, and nothing without it', () => {
    expect(ageRangeOf('someone my age', 23)).toEqual({ min: 21, max: 25 });
    expect(ageRangeOf('quelqu’un de mon âge', 30)).toEqual({ min: 28, max: 32 });
    expect(ageRangeOf('找个同龄的朋友', 20)).toEqual({ min: 18, max: 22 });
    expect(ageRangeOf('someone my age')).toBeNull();
  });

  it('does not read times, distances or scores as ages', () => {
    for (const text of ['run 10-15 km', 'free 18:00-20:00', 'a 5k in 25 minutes', 'top 10 to 20 percent', 'room 12-14']) expect(ageRangeOf(text)).toBeNull();
  });

  it('reads gender hints', () => {
    expect(genderOf('a woman who hikes')).toBe('female');
    expect(genderOf('guys to play basketball with')).toBe('male');
    expect(genderOf('找个女生一起跑步')).toBe('female');
    expect(genderOf('men or women')).toBeNull();
    expect(genderOf('someone to hike with')).toBeNull();
  });

  it('reads a city among the known ones, or the viewer’s for "near me"', () => {
    const cities = ['Vancouver', 'North Vancouver', 'Toronto'];
    expect(cityHintOf('hiking in north vancouver', cities, null)).toBe('North Vancouver');
    expect(cityHintOf('runners in Toronto', cities, 'Vancouver')).toBe('Toronto');
    expect(cityHintOf('a climbing partner near me', cities, 'Vancouver')).toBe('Vancouver');
    expect(cityHintOf('a climbing partner', cities, 'Vancouver')).toBeNull();
    expect(cityHintOf('Torontonian', cities, null)).toBeNull();
  });

  it('keeps content words for full-text search, without stopwords or goal words', () => {
    expect(keywordsOf('I want a friend who likes Ghibli movies')).toEqual(expect.arrayContaining(['ghibli', 'movies']));
    expect(keywordsOf('I want a friend who likes Ghibli movies')).not.toContain('friend');
    expect(keywordsOf('I want a friend')).not.toContain('i');
  });
});

describe('parseQuery: personality and professions', () => {
  it('reads personality words as the interview names them', () => {
    expect(parseQuery('someone chill to talk philosophy with').traits).toEqual(['easygoing']);
    expect(parseQuery('a quiet bookworm').traits).toEqual(['introverted']);
    expect(parseQuery('someone funny and outgoing').traits).toEqual(expect.arrayContaining(['funny', 'outgoing']));
    expect(parseQuery('someone to go hiking with').traits).toEqual([]);
  });

  it('reads professions named in the query, the longest term winning', () => {
    expect(professionsOf('a nurse or doctor to be friends with')).toEqual(['Nurse', 'Doctor']);
    expect(professionsOf('software engineers who climb')).toEqual(['Software Developer']);
    expect(professionsOf('找个护士朋友')).toEqual(['Nurse']);
    // Students are everyone on a campus, and hobbies are interests, not jobs.
    expect(professionsOf('study buddy for math')).toEqual([]);
    expect(professionsOf('pre-med students to study biology together')).toEqual([]);
    expect(professionsOf('someone who loves cooking and photography')).toEqual([]);
    expect(professionsOf('people to cook and bake with')).toEqual([]);
    expect(professionsOf('someone into design and finance')).toEqual([]);
    // "Players" are people who play, not athletes by profession.
    expect(professionsOf('basketball players near me')).toEqual([]);
    expect(professionsOf('找个程序员朋友')).toEqual(['Software Developer']);
    expect(professionsOf('a software developer to talk tech with')).toEqual(['Software Developer']);
  });
});

describe('parseQuery: what the query rules out', () => {
  it('splits each clause at its negation: the words before still ask, the words after rule out', () => {
    expect(wantedAndRuledOut("a friend who doesn't play video games but likes hiking")).toEqual({
      wanted: 'a friend who, likes hiking',
      ruledOut: 'play video games',
    });
    expect(wantedAndRuledOut('someone who is not into sports')).toEqual({ wanted: 'someone who', ruledOut: 'into sports' });
    expect(wantedAndRuledOut('找个朋友，不喜欢运动')).toEqual({ wanted: '找个朋友', ruledOut: '运动' });
    // Nothing ruled out: the text itself, untouched.
    expect(wantedAndRuledOut('hiking, climbing and coffee')).toEqual({ wanted: 'hiking, climbing and coffee', ruledOut: '' });
    expect(wantedAndRuledOut('not only hiking but also climbing').ruledOut).toBe('');
    // 有没有 asks ("is there anyone who…"); 没有 alone still denies.
    expect(wantedAndRuledOut('有没有喜欢摄影的朋友').ruledOut).toBe('');
    expect(parseQuery('有没有喜欢摄影的朋友').concepts).toEqual(['photography']);
    expect(wantedAndRuledOut('找个朋友，没有宠物').ruledOut).toBe('宠物');
  });

  it('reads close neighbour words, misspellings and French and Spanish terms as asked-for concepts', () => {
    expect(parseQuery('someone to go hikng with').concepts).toEqual(['hiking']);
    expect(parseQuery('anyone for rugby').concepts).toEqual(['soccer']);
    expect(parseQuery("quelqu'un pour faire de la randonnée").concepts).toEqual(['hiking']);
    expect(parseQuery('busco alguien para jugar al tenis').concepts).toEqual(['tennis']);
    // « avec qui » is company for whatever follows: an activity partner to do something, a friend to talk.
    expect(parseQuery("quelqu'un avec qui faire de l'escalade").intent).toBe('activity_partner');
    expect(parseQuery('des gens avec qui parler de philosophie').intent).toBe('friend');
    // A weak neighbour only nudges the embedding: "tunes" (making music, 0.66) is not asked for.
    expect(parseQuery('someone who likes tunes').concepts).toEqual([]);
  });

  it('asks only for what is wanted and keeps what is ruled out apart', () => {
    const q = parseQuery("a friend who doesn't play video games but likes hiking");
    expect(q.intent).toBe('friend');
    expect(q.concepts).toEqual(['hiking']);
    expect(q.avoided).toEqual(['video_games']);
    expect(q.keywords).toEqual(expect.arrayContaining(['hiking']));
    expect(q.keywords).not.toContain('video');
    expect(q.keywords).not.toContain('games');
    // A "no" to one thing and a "yes" to another in the same sentence, joined by "and".
    expect(parseQuery("someone who doesn't smoke and loves board games").concepts).toEqual(['board_games']);
    expect(parseQuery('找个朋友，不喜欢运动').avoided).toEqual(['sports']);
    expect(parseQuery('someone to go hiking with').avoided).toEqual([]);
  });

  it('never rules out what the query also asks for', () => {
    expect(parseQuery('I love hiking, though not hiking alone').avoided).toEqual([]);
  });
});

describe('explicit wishes', () => {
  it('reads gender in English, Chinese and French', () => {
    expect(genderOf('women only')).toBe('female');
    expect(genderOf('找个女生一起跑步')).toBe('female');
    expect(genderOf('une femme pour courir')).toBe('female');
    expect(genderOf('des hommes pour jouer au foot')).toBe('male');
    expect(genderOf('a friend')).toBeNull();
  });

  it('counts the kind of relationship as stated only when the query names it', () => {
    for (const text of ['a friend to go hiking with', 'a running buddy', 'a girlfriend', 'un ami pour courir', '找个朋友', 'a study partner']) expect(intentStated(text)).toBe(true);
    for (const text of ['someone to go running with', 'people who like chess', '一起跑步']) expect(intentStated(text)).toBe(false);
  });

  it('reads "near me" in French as the searcher’s city', () => {
    expect(cityHintOf('quelqu’un près de chez moi', [], 'Lyon')).toBe('Lyon');
  });
});

describe('chat abbreviations and idioms', () => {
  it('writes chat abbreviations out and drops fillers, whole words only', () => {
    expect(expandChatSlang('lookin for a yoga gf lol')).toBe('looking for a yoga girlfriend');
    expect(expandChatSlang('ppl to hike w/ on sundays, tbh')).toBe('people to hike with on sundays,');
    expect(expandChatSlang('hike w/friends')).toBe('hike with friends');
    expect(expandChatSlang('a bestie who bakes')).toBe('a best friend who bakes');
    expect(expandChatSlang('Vancouver, BC; a golfer; a frisbee fan')).toBe('Vancouver, BC; a golfer; a frisbee fan');
  });

  it('reads gf and bf as the kind of relationship and the gender they name', () => {
    const gf = parseQuery('looking for a gf who is into meditation');
    expect([gf.intent, gf.gender, gf.concepts]).toEqual(['partner', 'female', ['mindfulness']]);
    expect(gf.text).toBe('looking for a gf who is into meditation');
    expect(parseQuery('a bf who likes hiking').gender).toBe('male');
  });

  it('reads common activity idioms as their activity', () => {
    expect(parseQuery('someone who likes to hit the slopes').concepts).toEqual(['winter_sports']);
    expect(parseQuery('anyone up for a kickabout? love footy').concepts).toEqual(['soccer']);
    expect(parseQuery('a bookish friend').concepts).toEqual(['reading']);
    expect(parseQuery('need a bestie to hit the clubs with').concepts).toEqual(['nightlife']);
    expect(parseQuery('someone with a green thumb').concepts).toEqual(['gardening']);
  });
});

describe('interest labels', () => {
  it('reads every label the interview saves as its own concept ("Winter sports" is winter sports, not sports)', () => {
    for (const [id, label] of INTEREST_LABELS) expect([label, analyzeText(label).concepts]).toEqual([label, [id]]);
  });
});

describe('rambling queries', () => {
  it('sets apart the sentences where the searcher describes themselves', () => {
    const q = "I'm a pretty quiet guy, first year, I mostly stay in my dorm. I'm an engineer. I'd like to meet someone who's into anime";
    expect(wishOf(q)).toEqual({ wish: "I'd like to meet someone who's into anime", about: "I'm a pretty quiet guy, first year, I mostly stay in my dorm. I'm an engineer." });
    const parsed = parseQuery(q);
    expect([parsed.concepts, parsed.gender, parsed.traits, parsed.professions]).toEqual([['anime'], null, [], []]);
  });

  it('keeps a query of one sentence, or of only wishes, whole', () => {
    expect(wishOf("I'm 22 and looking for friends my age").wish).toBe("I'm 22 and looking for friends my age");
    expect(wishOf('Looking for a hiking buddy. Someone who likes camping too.').about).toBe('');
    expect(parseQuery('a guy who likes chess. I play every weekend.').gender).toBe('male');
  });
});

// Issue 33: a French activity partner is not a romantic one, and everyday words name what they mean.
describe('parseQuery: everyday words in three languages', () => {
  it.each([
    ['un partenaire pour la course à pied', 'activity_partner', ['running']],
    ['un partenaire de muscu', 'activity_partner', ['fitness']],
    ['quelqu’un pour aller à la salle', 'activity_partner', ['fitness']],
    ['un partenaire de vie', 'partner', []],
    ['找人一起撸铁', 'activity_partner', ['fitness']],
    ['someone who likes baking', 'activity_partner', ['baking']],
    ['quelqu’un qui aime faire des gâteaux', 'activity_partner', ['baking']],
    ['a study buddy, pomodoro style', 'activity_partner', ['study']],
  ])('%j: %s, asking for %j', (text, intent, concepts) => {
    const query = parseQuery(text);
    expect(query.intent).toBe(intent);
    expect(query.concepts).toEqual(concepts);
  });

  it('shows a French activity partner’s chip as company, not a partner', () => {
    expect(rulesOf(parseQuery('un partenaire de muscu')).intent).toBe('platonic');
    expect(rulesOf(parseQuery('un partenaire de vie')).intent).toBe('partner');
  });
});

