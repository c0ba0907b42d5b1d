import { LEXICON, type Concept } from './lexicon.js';
import { analyzeText, buildConceptMatcher, isStopword, normalizeText, SPELLING_SIMILARITY, stem, wordStems } from './tokenize.js';
import { TRADITIONAL_TO_SIMPLIFIED, foldTraditional } from './traditional.js';

describe('normalizeText', () => {
  it.each([
    ['Café', 'cafe'],
    ['ＨＩＫＩＮＧ　ｗｉｔｈ　ｆｒｉｅｎｄｓ', 'hiking with friends'],
    ['Straße, Søren, Œuvre', 'strasse, soren, oeuvre'],
    ["people's favourite", 'people favourite'],
    ["don't", 'dont'],
    ['don’t', 'dont'],
    ['J’adore l’escalade', 'j adore l escalade'],
    ["qu'on joue d'échecs", 'qu on joue d echecs'],
    ["I'm, it's, don't", 'im, it, dont'],
    ['羽毛球，乒乓球！', '羽毛球,乒乓球!'],
    ['看電影、打籃球', '看电影、打篮球'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeText(input)).toBe(expected);
  });

  it('keeps kana voicing marks (only Latin letters lose their accents)', () => {
    expect(normalizeText('ゲーム')).toBe('ゲーム');
  });
});

describe('French elisions', () => {
  it('reads the word after an elision as itself, in stored text as in queries', () => {
    expect(analyzeText('J’adore l’escalade et la course à pied').concepts).toEqual(['climbing', 'running']);
    expect(analyzeText('je joue aux échecs, d’ailleurs').concepts).toContain('chess');
    expect(analyzeText('du basket le soir').concepts).toEqual(['basketball']);
  });

  it('keeps "course" as study in English', () => {
    expect(analyzeText('the course I am taking').concepts).toEqual(['study']);
  });
});

describe('not-terms (lexicon.json notTerms)', () => {
  it('reads a time as a time, not as the subject inside it', () => {
    expect(analyzeText('bouldering after class').concepts).toEqual(['climbing']);
    expect(analyzeText('après les cours on grimpe').concepts).toEqual(['climbing']);
    expect(analyzeText('a study group after class').concepts).toEqual(['study']);
  });

  it('reads "kind of" as a hedge', () => {
    expect(analyzeText('a kind of music I love').concepts).toEqual(['music_listening']);
  });
});

describe('Chinese slang with a Latin letter', () => {
  it.each(['有没有人周末一起去唱K？', '周末去K歌', '卡拉OK'])('%s is karaoke', (text) => {
    expect(analyzeText(text).concepts).toEqual(['karaoke']);
  });

  it('leaves longer Latin words beside Chinese as words', () => {
    expect(analyzeText('去KTV唱歌').concepts).toEqual(['karaoke', 'music_making']);
    expect(analyzeText('周末打篮球 and hiking').concepts).toEqual(['basketball', 'hiking']);
  });
});

describe('stem', () => {
  it.each([
    [['hike', 'hikes', 'hiking', 'hiked'], 'hik'],
    [['run', 'runs', 'running'], 'run'],
    [['study', 'studies', 'studied', 'studying'], 'studi'],
    [['movie', 'movies'], 'movi'],
    [['dance', 'dances', 'dancing', 'danced'], 'danc'],
    [['swim', 'swims', 'swimming'], 'swim'],
    [['class', 'classes'], 'class'],
    [['box', 'boxes', 'boxing'], 'box'],
    [['play', 'plays', 'played', 'playing'], 'play'],
  ])('%j → %s', (words, expected) => {
    for (const word of words) expect(stem(word)).toBe(expected);
  });

  it.each([
    ['tennis', 'tennis'],
    ['chess', 'chess'],
    ['sing', 'sing'],
    ['thing', 'thing'],
    ['need', 'need'],
    ['news', 'news'],
    ['marketing', 'marketing'],
    ['clubbing', 'clubbing'],
  ])('leaves %s as %s', (word, expected) => {
    expect(stem(word)).toBe(expected);
  });

  it('keeps words apart that only look alike', () => {
    expect(stem('news')).not.toBe(stem('new'));
    expect(stem('marketing')).not.toBe(stem('market'));
    expect(stem('clubbing')).not.toBe(stem('club'));
  });

  it('leaves short words, digits and other scripts alone', () => {
    for (const word of ['cs', 'art', '5k', 'ps5', 'naïve', 'ゲーム']) expect(stem(word)).toBe(word);
  });
});

describe('stopwords', () => {
  it('covers function words and the boilerplate of every query', () => {
    for (const word of ['the', 'and', 'looking', 'someone', 'loves', 'enjoy', 'student']) expect(isStopword(stem(word))).toBe(true);
  });

  it('keeps words that carry meaning', () => {
    for (const word of ['hiking', 'weekend', 'organic', 'guitar', 'warhammer']) expect(isStopword(stem(word))).toBe(false);
  });
});

describe('analyzeText: English', () => {
  it('drops stopwords and finds the concept', () => {
    expect(analyzeText('I am looking for someone who loves hiking')).toEqual({
      terms: [],
      conceptTerms: ['hik'],
      wordPairs: [],
      concepts: ['hiking'],
      neighbours: [],
    });
  });

  it('matches every inflection of a term', () => {
    for (const text of ['hikes', 'HIKED', 'Hiking!', 'a hiker']) expect(analyzeText(text).concepts).toEqual(['hiking']);
  });

  it.each([
    ['trail running on weekends', ['trail_running']],
    ['bible study on Fridays', ['faith']],
    ['coffee chat', ['coffee']],
    ['League of Legends', ['video_games']],
    ['D&D night', ['board_games']],
    ['looking for a study partner', ['study']],
    ['my boyfriend', ['dating']],
  ])('longest phrase wins: %s → %j', (text, expected) => {
    expect(analyzeText(text).concepts).toEqual(expected);
  });

  it('separates lexicon words from words the lexicon does not know', () => {
    expect(analyzeText('warhammer and bouldering')).toEqual({
      terms: ['warhammer'],
      conceptTerms: ['boulder'],
      wordPairs: ['warhammer boulder'],
      concepts: ['climbing'],
      neighbours: [],
    });
  });

  it('pairs neighbouring content words, skipping stopwords', () => {
    expect(analyzeText('go trail running on the weekends').wordPairs).toEqual(['trail run', 'run weekend']);
  });

  it('finds nothing in blank or stopword-only text', () => {
    for (const text of ['', '   ', '!!! ???', 'I want someone who is nice']) {
      expect(analyzeText(text)).toEqual({ terms: [], conceptTerms: [], wordPairs: [], concepts: [], neighbours: [] });
    }
  });
});

describe('analyzeText: Chinese', () => {
  it('finds lexicon terms by substring and drops stopwords', () => {
    expect(analyzeText('找个一起打羽毛球的朋友')).toEqual({
      terms: [],
      conceptTerms: ['打羽毛球', '朋友'],
      wordPairs: [],
      concepts: ['badminton', 'friendship'],
      neighbours: [],
    });
  });

  it('prefers the longest term at each position', () => {
    expect(analyzeText('我在找男朋友').concepts).toEqual(['dating']);
    expect(analyzeText('机器学习').concepts).toEqual(['computer_science']);
  });

  it('turns text outside the lexicon into character bigrams', () => {
    expect(analyzeText('我喜欢研究恐龙化石').terms).toEqual(['研究', '究恐', '恐龙', '龙化', '化石']);
  });

  it('matches traditional characters', () => {
    expect(analyzeText('週末看電影').concepts).toEqual(['movies']);
    expect(analyzeText('打籃球').concepts).toEqual(['basketball']);
    expect(analyzeText('行山').concepts).toEqual(['hiking']);
  });

  it('handles mixed text without matching a phrase across Chinese', () => {
    expect(analyzeText('I like 徒步 and bouldering').concepts).toEqual(['hiking', 'climbing']);
    expect(analyzeText('trail 徒步 running').concepts).toEqual(['hiking', 'hiking', 'running']);
  });
});

describe('buildConceptMatcher', () => {
  it('lets the first concept keep a term two concepts claim', () => {
    const concepts: Concept[] = [
      { id: 'first', kind: 'interest', en: ['shared term'], zh: ['共享'], related: {} },
      { id: 'second', kind: 'interest', en: ['shared terms'], zh: ['共享'], related: {} },
    ];
    const matcher = buildConceptMatcher(concepts);
    expect(analyzeText('a shared term', matcher).concepts).toEqual(['first']);
    expect(analyzeText('共享', matcher).concepts).toEqual(['first']);
  });
});

describe('neighbours and misspellings', () => {
  const concepts: Concept[] = [
    { id: 'hiking', kind: 'activity', en: ['hiking'], zh: [], related: {} },
    { id: 'music', kind: 'interest', en: ['music'], zh: [], related: {} },
    { id: 'cooking', kind: 'activity', en: ['cooking'], zh: [], related: {} },
  ];
  const table = { neighbours: new Map([['tun', [{ concept: 'music', weight: 0.66 }]]]), realWords: new Set(['booking']) };
  const matcher = buildConceptMatcher(concepts, table);

  it('reads a word the lexicon does not know through the neighbour table, by its stem', () => {
    expect(analyzeText('new tunes', matcher)).toMatchObject({ concepts: [], terms: ['tun'], neighbours: [{ concept: 'music', weight: 0.66 }] });
    // Without a table, or with its neighbours turned off, nothing.
    expect(analyzeText('new tunes', buildConceptMatcher(concepts)).neighbours).toEqual([]);
    expect(analyzeText('new tunes', buildConceptMatcher(concepts, table, false)).neighbours).toEqual([]);
  });

  it('reads a misspelt one-word term as its concept, but not a real word near one', () => {
    expect(analyzeText('someone to go hikng with', matcher).neighbours).toEqual([{ concept: 'hiking', weight: SPELLING_SIMILARITY }]);
    expect(analyzeText('cokking', matcher).neighbours).toEqual([{ concept: 'cooking', weight: SPELLING_SIMILARITY }]);
    expect(analyzeText('booking', matcher).neighbours).toEqual([]);
    expect(analyzeText('hiking music', matcher)).toMatchObject({ concepts: ['hiking', 'music'], neighbours: [] });
    // Short words are never corrected ("musc" is four letters).
    expect(analyzeText('musc', matcher).neighbours).toEqual([]);
  });

  it('uses the checked-in table by default', () => {
    expect(analyzeText('rugby').neighbours.map((n) => n.concept)).toContain('soccer');
    expect(analyzeText('someone to go hikng with').neighbours).toEqual([{ concept: 'hiking', weight: SPELLING_SIMILARITY }]);
  });
});

describe('traditional → simplified folding', () => {
  it('folds in one step: no simplified character is folded again', () => {
    for (const simplified of TRADITIONAL_TO_SIMPLIFIED.values()) expect(TRADITIONAL_TO_SIMPLIFIED.has(simplified)).toBe(false);
  });

  it('is idempotent', () => {
    const text = '我們週末一起去爬山、看電影、打籃球';
    expect(foldTraditional(foldTraditional(text))).toBe(foldTraditional(text));
  });

  it('is never needed by the lexicon itself (it is written in simplified characters)', () => {
    for (const concept of LEXICON) for (const term of concept.zh) expect(foldTraditional(term)).toBe(term);
  });

  it('lexicon English terms survive their own tokenizer', () => {
    for (const concept of LEXICON) for (const term of concept.en) expect(wordStems(term).length).toBeGreaterThan(0);
  });
});
