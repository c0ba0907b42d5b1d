import {
  BUILTIN_EMBEDDING_DIMENSIONS,
  BUILTIN_EMBEDDING_MODEL,
  CONCEPT_DIMENSIONS,
  conceptActivations,
  cosineSimilarity,
  embedText,
  embedTexts,
  fnv1a32,
} from './embed.js';
import { LEXICON } from './lexicon.js';

function similarity(a: string, b: string): number {
  return cosineSimilarity(embedText(a), embedText(b));
}

function norm(vector: readonly number[]): number {
  return Math.sqrt(vector.reduce((sum, x) => sum + x * x, 0));
}

/** FNV-1a written the plain way, over Node's own UTF-8 encoding, to check the fast one. */
function referenceFnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(text, 'utf8')) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash;
}

/** A text about nothing the others are about, to compare against. */
const UNRELATED = 'I play video games';

describe('the model', () => {
  it('is named and sized', () => {
    expect(BUILTIN_EMBEDDING_MODEL).toBe('kindred-builtin-embed-v4');
    expect(BUILTIN_EMBEDDING_DIMENSIONS).toBe(384);
  });

  it('has room for every concept, and the empty-text direction, in the concept dimensions', () => {
    expect(LEXICON.length + 1).toBeLessThanOrEqual(CONCEPT_DIMENSIONS);
  });
});

describe('fnv1a32', () => {
  it.each([
    ['', 0x811c9dc5],
    ['a', 0xe40c292c],
    ['foobar', 0xbf9cf968],
  ])('matches the published test vector for "%s"', (text, expected) => {
    expect(fnv1a32(text)).toBe(expected);
  });

  it('hashes the UTF-8 bytes of any text, astral characters included', () => {
    for (const text of ['café', '徒步', '🏔️ hike 🥾', 'ＡＢＣ', 'مرحبا']) expect(fnv1a32(text)).toBe(referenceFnv1a32(text));
  });
});

describe('embedText: shape', () => {
  const inputs = [
    'hiking',
    'Looking for a study buddy for organic chemistry, and someone to go bouldering with on weekends.',
    '找个一起打羽毛球的朋友',
    '🏔️ hiking 🥾 and ☕',
    'أحب المشي في الطبيعة',
    'Ｆｕｌｌ　ｗｉｄｔｈ　ＴＥＸＴ',
    'word '.repeat(5000),
    '',
  ];

  it.each(inputs.map((text) => [JSON.stringify(text.slice(0, 30)), text]))('gives a finite unit vector of 384 numbers for %s', (_label, text) => {
    const vector = embedText(text);
    expect(vector).toHaveLength(BUILTIN_EMBEDDING_DIMENSIONS);
    expect(vector.every(Number.isFinite)).toBe(true);
    expect(norm(vector)).toBeCloseTo(1, 10);
  });

  it('embeds a batch in order, each text as if alone', () => {
    const texts = ['hiking', '', '徒步', 'hiking'];
    expect(embedTexts(texts)).toEqual(texts.map(embedText));
    expect(embedTexts([])).toEqual([]);
  });
});

describe('embedText: determinism', () => {
  it('gives the same vector every time', () => {
    const text = 'Film studies minor, A24 and Ghibli, 周末看电影';
    expect(embedText(text)).toEqual(embedText(text));
  });

  it('gives the vectors pinned here (if this fails on purpose, bump BUILTIN_EMBEDDING_MODEL)', () => {
    // Stored embeddings are only comparable with new ones from the same model: a change to the
    // lexicon, tokenizer, hashing or weights must come with a new model name, and a reindex.
    const vector = embedText('Looking for a study buddy: 徒步 & hiking on weekends, maybe Warhammer');
    const pinned: Array<[number, number]> = [
      [0, -0.112974],
      [1, -0.004483],
      [2, 0.02582],
      [127, -0.007968],
      [128, 0.027079],
    ];
    for (const [index, value] of pinned) expect(vector[index]).toBeCloseTo(value, 6);
  });
});

describe('embedText: texts with no content', () => {
  const blanks = ['', '   ', '!!! ???', 'I want someone who is nice'];

  it('gives one fixed unit vector, never zeros (pgvector cosine distance to zeros is NaN)', () => {
    const [first, ...rest] = blanks.map(embedText);
    expect(norm(first ?? [])).toBeCloseTo(1, 10);
    for (const vector of rest) expect(vector).toEqual(first);
  });

  it('sits far from real texts', () => {
    for (const text of ['hiking', '徒步', 'organic chemistry study group', 'warhammer']) {
      expect(Math.abs(similarity('', text))).toBeLessThan(0.05);
    }
  });
});

describe('embedText: related concepts are close, unrelated ones are not', () => {
  // Measured when written: hiking~outdoors 0.75, "I love hiking"~"…trail running" 0.59,
  // "I love hiking"~"I play video games" 0.00; hiking~camping 0.75, hiking~swimming 0.00.
  it('puts hiking near outdoors and trail running, far from video games', () => {
    const outdoors = similarity('hiking', 'outdoors');
    const trailRunning = similarity('I love hiking', 'looking for someone to go trail running');
    const games = similarity('I love hiking', UNRELATED);
    expect(outdoors).toBeGreaterThan(0.6);
    expect(trailRunning).toBeGreaterThan(0.45);
    expect(Math.abs(games)).toBeLessThan(0.1);
    expect(outdoors).toBeGreaterThan(games + 0.5);
    expect(trailRunning).toBeGreaterThan(games + 0.35);
  });

  it('orders linked concepts above unlinked ones', () => {
    expect(similarity('hiking', 'camping')).toBeGreaterThan(similarity('hiking', 'swimming') + 0.5);
    expect(similarity('I am an introvert', 'quiet homebody')).toBeGreaterThan(similarity('I am an introvert', 'outgoing social butterfly') + 0.5);
    expect(similarity('looking for a girlfriend', 'want to date someone')).toBeGreaterThan(similarity('looking for a girlfriend', 'looking for friends') + 0.5);
  });

  // Measured when written: every pair 0.63 (art lover~museum/gallery) to 0.99 (gym~workout);
  // every control pair |cos| < 0.05.
  it.each([
    ['bouldering', 'climbing'],
    ['movie buddy', 'films and cinema'],
    ['study partner', 'homework, exams and the library'],
    ['gym', 'workout'],
    ['gym', 'fitness'],
    ['gym', 'weightlifting'],
    ['coffee chat', 'café'],
    ['gaming', 'video games'],
    ['gaming', 'esports'],
    ['gaming', 'league of legends'],
    ['foodie', 'restaurants'],
    ['foodie', 'cooking'],
    ['foodie', 'ramen'],
    ['art lover', 'museum'],
    ['art lover', 'painting'],
    ['art lover', 'gallery'],
    ['travel companion', 'backpacking'],
    ['travel companion', 'trip'],
  ])('"%s" is close to "%s"', (a, b) => {
    const related = similarity(a, b);
    const control = a === 'gaming' ? similarity(a, 'hiking') : similarity(a, UNRELATED);
    expect(related).toBeGreaterThan(0.55);
    expect(related).toBeGreaterThan(control + 0.5);
  });

  it.each([
    ['bouldering', 'ramen'],
    ['gym', 'painting'],
    ['study partner', 'video games'],
    ['hiking', 'movies'],
  ])('keeps unrelated "%s" and "%s" orthogonal', (a, b) => {
    expect(Math.abs(similarity(a, b))).toBeLessThan(0.05);
  });

  it('still matches words the lexicon does not know', () => {
    // Measured when written: 0.22 against -0.03.
    expect(similarity('warhammer', 'I paint Warhammer miniatures')).toBeGreaterThan(similarity('warhammer', 'I paint watercolour landscapes') + 0.15);
  });

  it('slightly prefers the exact word over a synonym', () => {
    expect(similarity('bouldering partner', 'I love bouldering')).toBeGreaterThan(similarity('bouldering partner', 'I love climbing'));
  });

  it('treats inflections and case as the same word', () => {
    expect(similarity('hiking', 'HIKES!')).toBeCloseTo(1, 10);
  });
});

describe('embedText: Chinese and English', () => {
  // Measured when written: 0.95 to 0.99 for each pair; 0.00 for 徒步~movies.
  it.each([
    ['徒步', 'hiking'],
    ['爬山', 'hiking'],
    ['羽毛球', 'badminton'],
    ['电影', 'movies'],
    ['学习', 'study'],
    ['健身', 'gym'],
    ['咖啡', 'coffee'],
    ['游戏', 'video games'],
    ['攀岩', 'bouldering'],
    ['旅行', 'travel'],
    ['美食', 'foodie'],
    ['找对象', 'dating'],
  ])('%s ≈ %s', (chinese, english) => {
    const same = similarity(chinese, english);
    expect(same).toBeGreaterThan(0.8);
    expect(same).toBeGreaterThan(similarity(chinese, english === 'movies' ? 'hiking' : 'movies') + 0.7);
  });

  it('matches whole sentences across languages', () => {
    // Measured when written: 0.94.
    expect(similarity('周末想找人一起爬山', 'someone to go hiking with on weekends')).toBeGreaterThan(0.75);
  });

  it('treats traditional and simplified characters alike', () => {
    expect(similarity('看電影', '看电影')).toBeCloseTo(1, 10);
  });
});

describe('conceptActivations', () => {
  const index = (id: string): number => LEXICON.findIndex((concept) => concept.id === id);

  it('gives a mentioned interest full weight and its related concepts their share', () => {
    const activations = conceptActivations(['hiking']);
    expect(activations[index('hiking')]).toBe(1);
    expect(activations[index('outdoors')]).toBeCloseTo(0.6, 10);
    expect(activations[index('movies')]).toBe(0);
  });

  it('makes related links work in both directions', () => {
    // Only hiking lists trail_running; the link is symmetric all the same.
    expect(conceptActivations(['trail_running'])[index('hiking')]).toBeGreaterThan(0);
  });

  it('takes the largest share, not the sum, and grows sub-linearly with mentions', () => {
    const both = conceptActivations(['hiking', 'camping']);
    expect(both[index('outdoors')]).toBeCloseTo(0.6, 10);
    expect(conceptActivations(['hiking', 'hiking'])[index('hiking')]).toBeCloseTo(1 + Math.log(2), 10);
  });

  it('counts relationship goals for less than interests', () => {
    expect(conceptActivations(['friendship'])[index('friendship')]).toBeLessThan(1);
  });

  it('ignores unknown ids', () => {
    expect(Array.from(conceptActivations(['no_such_concept'])).every((x) => x === 0)).toBe(true);
  });
});

describe('neighbour words', () => {
  it('add their concept at a reduced weight, never more than a mention', () => {
    const running = LEXICON.findIndex((c) => c.id === 'running');
    const mention = conceptActivations(['running'])[running]!;
    const near = conceptActivations([], [{ concept: 'running', weight: 0.8 }])[running]!;
    expect(near).toBeGreaterThan(0);
    expect(near).toBeLessThan(mention / 2);
    expect(conceptActivations(['running'], [{ concept: 'running', weight: 0.8 }])[running]).toBe(mention);
  });

  it('bring a text with a word the lexicon does not know closer to one that names the concept', () => {
    // "rugby" is not in the lexicon; the neighbour table places it near soccer.
    expect(similarity('rugby on saturdays', 'I play soccer')).toBeGreaterThan(similarity('rugby on saturdays', UNRELATED) + 0.1);
    expect(similarity('someone to go hikng with', 'I love hiking')).toBeGreaterThan(0.3);
  });
});
