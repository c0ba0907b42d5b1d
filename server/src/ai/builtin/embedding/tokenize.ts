/**
 * Text → features for the built-in embedding model: normalized word stems, word pairs, Chinese
 * character bigrams, and the lexicon concepts the text mentions.
 *
 * Everything here is pure and locale-independent (String#toLowerCase, not toLocaleLowerCase),
 * so the same text gives the same features on every host.
 */
import { LEXICON, NOT_TERMS, type Concept } from './lexicon.js';
import { type Neighbour, NEIGHBOUR_TABLE, type NeighbourTable } from './neighbours.js';
import { buildSpellingIndex, closestTerm, type SpellingIndex } from './spelling.js';
import { foldTraditional } from './traditional.js';

export interface TextAnalysis {
  /**
   * Content features no lexicon term covers, in text order, repeats kept: English word stems
   * without stopwords, other-script words as written, and character bigrams (or single
   * characters) of Chinese text.
   */
  readonly terms: readonly string[];
  /** Content features that are part of a lexicon match: English stems, whole Chinese terms. */
  readonly conceptTerms: readonly string[];
  /** Neighbouring English content stems joined by a space ("trail run"); repeats kept. */
  readonly wordPairs: readonly string[];
  /** Ids of the lexicon concepts mentioned, once per mention, in text order. */
  readonly concepts: readonly string[];
  /**
   * Concepts near English words that no lexicon term covers, from the neighbour table
   * (neighbours.ts: "tunes" → music), each with the word's similarity; once per mention, in text
   * order. Not in `concepts`: they are weaker evidence, and embed.ts weighs them down.
   */
  readonly neighbours: readonly Neighbour[];
}

// ── Normalization ───────────────────────────────────────────────────────────────────────────

/** Latin letters that Unicode does not decompose but that people routinely type as plain ASCII. */
const LATIN_FOLDS: Readonly<Record<string, string>> = { ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', ł: 'l', đ: 'd', ı: 'i' };
const UNFOLDED_LATIN = /[øæœßłđı]/g;

/** Accents are stripped only after Latin letters, so kana voicing marks and the like survive. */
const LATIN_WITH_MARKS = /(\p{Script=Latin})\p{M}+/gu;

/** "people's" → "people", "don't" → "dont": apostrophes join a word instead of splitting it. */
const POSSESSIVE = /['’]s\b/g;
const APOSTROPHE = /['’]/g;
/**
 * A French elision at the start of a word: « l’escalade », « d’échecs », « j’adore », « qu’on ».
 * Only these letters, and only where no letter comes before them, so English contractions ("don't",
 * "I'm") are untouched.
 */
const ELISION = /(?<!\p{L})(qu|jusqu|lorsqu|puisqu|[cdjlmnst])(['’])(?=\p{L})/giu;

/**
 * French elisions as two words ("l’escalade" → "l’ escalade"), so the word after the apostrophe
 * is read on its own instead of being joined to the article ("lescalade"). Shared by the embedding,
 * the search query's reading and the interview's, so all three see the same words.
 */
export function splitElisions(text: string): string {
  return text.replace(ELISION, '$1$2 ');
}

/**
 * Case-, width-, accent- and script-variant-insensitive form of a text: "Café", "ＣＡＦＥ" and
 * "cafe" become "cafe"; full-width punctuation becomes ASCII (NFKC); traditional Chinese
 * characters the lexicon cares about become simplified.
 */
export function normalizeText(text: string): string {
  const letters = text
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFD')
    .replace(LATIN_WITH_MARKS, '$1')
    .normalize('NFC')
    .replace(UNFOLDED_LATIN, (ch) => LATIN_FOLDS[ch] ?? ch);
  return foldTraditional(splitElisions(letters).replace(POSSESSIVE, '').replace(APOSTROPHE, ''));
}

// ── English stemming ────────────────────────────────────────────────────────────────────────

/**
 * Words the rules below would merge with an unrelated word ("news" → "new",
 * "marketing" → "market", "clubbing" → "club"), so they are kept whole.
 */
const UNSTEMMED: ReadonlySet<string> = new Set([
  'news', 'marketing', 'clubbing', 'series', 'species', 'lens', 'always', 'perhaps', 'sometimes', 'during',
]);

const ASCII_WORD = /^[a-z]+$/;
const VOWEL = /[aeiouy]/;
const CONSONANT_Y = /[b-df-hj-np-tv-xz]y$/;
/** A doubled final consonant left by "-ing"/"-ed" ("runn" from "running"), except ll, ss, zz. */
const DOUBLED_CONSONANT = /([b-df-hj-kmnp-rtv-xz])\1$/;

function undouble(word: string): string {
  return DOUBLED_CONSONANT.test(word) ? word.slice(0, -1) : word;
}

/** A suffix may go only if a syllable of at least three letters stays ("sing" keeps its -ing). */
function canStrip(word: string, suffix: string): boolean {
  const rest = word.slice(0, word.length - suffix.length);
  return word.endsWith(suffix) && rest.length >= 3 && VOWEL.test(rest);
}

/**
 * A deliberately small English stemmer, three steps:
 * 1. plural: "-ies" → "i", otherwise a final "s" goes (not in "-ss", "-us", "-is");
 * 2. verb endings: "-ied" → "i", otherwise "-ing" or "-ed" goes, undoubling "runn" → "run";
 * 3. ending: a consonant + "y" becomes "i", otherwise a final silent "e" goes.
 * So "hike", "hikes", "hiking", "hiked" all become "hik"; "movie" and "movies" become "movi";
 * "study", "studies", "studied", "studying" become "studi". It does not touch "-er", "-ly" or
 * "-tion": fewer rules mean fewer surprising merges, and the lexicon lists such forms itself.
 * Only plain a–z words are stemmed; anything else is returned as is.
 */
export function stem(word: string): string {
  if (word.length <= 3 || !ASCII_WORD.test(word) || UNSTEMMED.has(word)) return word;
  let w = word;
  if (w.endsWith('ies') && w.length > 4) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);

  if (w.endsWith('ied') && w.length > 4) w = w.slice(0, -2);
  else if (canStrip(w, 'ing')) w = undouble(w.slice(0, -3));
  else if (canStrip(w, 'ed') && !w.endsWith('eed')) w = undouble(w.slice(0, -2));

  if (w.length > 3 && CONSONANT_Y.test(w)) w = `${w.slice(0, -1)}i`;
  else if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

// ── Stopwords ───────────────────────────────────────────────────────────────────────────────

/**
 * Function words, plus the words nearly every Kindred profile and query uses ("looking for
 * someone", "I love", "student"): sharing them says nothing about two people, so they would
 * only pull unrelated texts together. They still take part in phrase matching
 * ("league of legends", "work out"). Compared after stemming.
 */
const ENGLISH_STOPWORDS = `
  a about above after again against all almost along already also although always am among an and another any anybody
  anyone anything anyway anywhere are around as at away back be became because become been before being below besides
  between both but by can cannot could did do does doing done down during each either else enough etc ever every
  everyone everything few for from further get gets getting give go goes going gone got gotten had has have having he
  her here hers herself him himself his how however i if im in into is it its itself just keep kinda kind sort lets
  let least less like liked likes lot lots made make makes making many may maybe me might mine more most mostly much
  must my myself need needs neither never no nobody none nor not nothing now of off often oh ok okay on once one only
  onto or other others otherwise our ours ourselves out over own per perhaps please pretty quite rather really same
  see seem seems she should since so some somebody someone something sometime sometimes somewhat soon still such sure
  than that the their theirs them themselves then there these they thing things think this those though through thus
  to too toward towards try trying under until up upon us use used very via want wants wanted wanna gonna gotta was
  way we well were what whatever when whenever where whether which while who whoever whom whose why will with within
  without would yeah yes yet you your yours yourself yourselves dont cant wont isnt ive id youre theyre thats whats
  hey hi hello hiya lol haha thanks cheers pls
  look looking seek seeking find finding searching anyone somebody someone people person folks guy guys
  love loves enjoy enjoys fan big huge fun cool good great nice awesome amazing favorite favourite best bit little able
  new also usually often play plays playing played come came went student students campus university uni college
  time day days week`;

/** Chinese words and characters that carry no topic: split on them before making bigrams. */
const CHINESE_STOP_WORDS = [
  '有没有', '喜欢', '可以', '一起', '一个', '什么', '怎么', '还是', '或者', '因为', '所以', '但是', '如果', '希望',
  '寻找', '一下', '没有', '自己', '大家', '我们', '你们', '他们', '她们', '这个', '那个', '这里', '那里', '非常',
  '特别', '比较', '真的', '就是', '还有', '以及', '而且', '平时', '经常', '偶尔', '可能', '需要', '想要', '想找',
  '觉得', '感觉', '其实', '然后', '现在', '时候', '的话', '一些', '有些', '有点', '同学', '学生', '大学',
];
const CHINESE_STOP_CHARS = '的了着过我你他她它们是在和与及或也都很太更最还就又再才想要找个一有没人吗呢吧啊呀哦嗯哈嘛啦这那哪谁什么会能可把被给让从到向对为于以之其等去来玩打做看爱说得地每些位名啥咱您俺';

// ── Lexicon matching ────────────────────────────────────────────────────────────────────────

interface Phrase {
  readonly stems: readonly string[];
  /** Null for a not-term (lexicon.ts, NOT_TERMS): it hides the terms inside it and names nothing. */
  readonly concept: string | null;
}

export interface ConceptMatcher {
  /** English phrases by their first stem, longest first (ties: lexicon order). */
  readonly phrasesByFirstStem: ReadonlyMap<string, readonly Phrase[]>;
  /** Chinese terms → concept id. */
  readonly chineseTerms: ReadonlyMap<string, string>;
  readonly longestChineseTerm: number;
  /** English stems the lexicon does not know → the concepts near them (the neighbour table). */
  readonly neighbours: ReadonlyMap<string, readonly Neighbour[]>;
  /** Misspellings of one-word lexicon terms (spelling.ts); none without a table's real words. */
  readonly spelling: {
    readonly index: SpellingIndex;
    readonly termConcepts: ReadonlyMap<string, string>;
    readonly realWords: ReadonlySet<string>;
  } | null;
}

/**
 * A misspelt lexicon term ("hikng") is read as its concept with this similarity (one edit; two
 * edits: SPELLING_SIMILARITY - 0.1), like a close neighbour word.
 */
export const SPELLING_SIMILARITY = 0.85;

/**
 * A Han run (with a lone Latin letter glued to it, as Chinese slang writes 唱K and K歌 for
 * karaoke), or a run of other letters and digits.
 */
const TOKEN = /(?:[a-z](?=\p{Script=Han}))?\p{Script=Han}+(?:[a-z](?![\p{L}\p{N}])|[a-z]?\p{Script=Han}+)*|(?:(?!\p{Script=Han})[\p{L}\p{M}\p{N}])+/gu;
const HAN = /\p{Script=Han}/u;

/** Stems of every word of `text`, stopwords included (phrase matching needs them). */
export function wordStems(text: string): string[] {
  return (normalizeText(text).match(TOKEN) ?? []).filter((token) => !HAN.test(token)).map(stem);
}

/** A concept's terms in Latin script: English, then French and Spanish. */
export function latinTerms(concept: Concept): readonly string[] {
  return [...concept.en, ...(concept.fr ?? []), ...(concept.es ?? [])];
}

/**
 * Compiles the lexicon's terms into lookup tables. The first concept to claim a term keeps it.
 * With a neighbour table, unknown words are also read through its neighbours (unless
 * `useNeighbours` is false) and, when misspelt, as the term they misspell.
 */
export function buildConceptMatcher(lexicon: readonly Concept[], table?: NeighbourTable, useNeighbours = true, notTerms: readonly string[] = NOT_TERMS): ConceptMatcher {
  const byFirst = new Map<string, Phrase[]>();
  const seen = new Set<string>();
  const chineseTerms = new Map<string, string>();
  const addPhrase = (term: string, concept: string | null) => {
    const stems = wordStems(term);
    const key = stems.join(' ');
    const first = stems[0];
    if (first === undefined || seen.has(key)) return;
    seen.add(key);
    const list = byFirst.get(first) ?? [];
    list.push({ stems, concept });
    byFirst.set(first, list);
  };
  for (const term of notTerms) addPhrase(term, null);
  for (const concept of lexicon) {
    for (const term of latinTerms(concept)) addPhrase(term, concept.id);
    for (const term of concept.zh) {
      const normalized = normalizeText(term);
      if (!chineseTerms.has(normalized)) chineseTerms.set(normalized, concept.id);
    }
  }
  // Stable sort: equal lengths keep lexicon order, so the result never depends on Map internals.
  for (const list of byFirst.values()) list.sort((a, b) => b.stems.length - a.stems.length);
  const longestChineseTerm = Math.max(0, ...Array.from(chineseTerms.keys(), (term) => term.length));
  let spelling: ConceptMatcher['spelling'] = null;
  if (table !== undefined) {
    const termConcepts = new Map<string, string>();
    for (const concept of lexicon) {
      for (const term of concept.en) {
        const word = normalizeText(term);
        if (/^[a-z]+$/.test(word) && !termConcepts.has(word)) termConcepts.set(word, concept.id);
      }
    }
    spelling = { index: buildSpellingIndex([...termConcepts.keys()]), termConcepts, realWords: table.realWords };
  }
  const neighbours = table !== undefined && useNeighbours ? table.neighbours : new Map<string, readonly Neighbour[]>();
  return { phrasesByFirstStem: byFirst, chineseTerms, longestChineseTerm, neighbours, spelling };
}

const NEIGHBOUR_MATCHER = buildConceptMatcher(LEXICON, NEIGHBOUR_TABLE);
let defaultMatcher = NEIGHBOUR_MATCHER;

/**
 * Turns the neighbour table's neighbours on or off for this process (on by default; misspellings
 * are read either way). Only the search evaluation's `--no-neighbours` uses it, to measure what
 * the table adds.
 */
export function setNeighbourExpansion(on: boolean): void {
  defaultMatcher = on ? NEIGHBOUR_MATCHER : buildConceptMatcher(LEXICON, NEIGHBOUR_TABLE, false);
}

/** The concept a misspelt word stands for, as a neighbour (undefined: not a misspelling of a term). */
function misspelling(word: string, matcher: ConceptMatcher): Neighbour | undefined {
  const spelling = matcher.spelling;
  if (spelling === null || spelling.realWords.has(word) || spelling.termConcepts.has(word)) return undefined;
  const found = closestTerm(word, spelling.index);
  const concept = found && spelling.termConcepts.get(found.term);
  if (found === undefined || concept === undefined || found.edits === 0) return undefined;
  return { concept, weight: found.edits === 1 ? SPELLING_SIMILARITY : SPELLING_SIMILARITY - 0.1 };
}
const STOPWORD_STEMS: ReadonlySet<string> = new Set(ENGLISH_STOPWORDS.trim().split(/\s+/).map(stem));
const CHINESE_STOP = new RegExp(`${CHINESE_STOP_WORDS.join('|')}|[${CHINESE_STOP_CHARS}]`, 'gu');

export function isStopword(wordStem: string): boolean {
  return STOPWORD_STEMS.has(wordStem);
}

function phraseAt(stems: readonly string[], start: number, matcher: ConceptMatcher): Phrase | undefined {
  const first = stems[start];
  const candidates = first === undefined ? undefined : matcher.phrasesByFirstStem.get(first);
  return candidates?.find((phrase) => phrase.stems.every((s, i) => stems[start + i] === s));
}

/**
 * Concepts named in a run of English words (greedy, longest phrase first, left to right),
 * and which word positions those phrases cover.
 */
function englishConcepts(stems: readonly string[], matcher: ConceptMatcher): { concepts: string[]; covered: boolean[] } {
  const concepts: string[] = [];
  const covered = stems.map(() => false);
  let i = 0;
  while (i < stems.length) {
    const phrase = phraseAt(stems, i, matcher);
    if (phrase === undefined) {
      i += 1;
      continue;
    }
    if (phrase.concept !== null) {
      concepts.push(phrase.concept);
      covered.fill(true, i, i + phrase.stems.length);
    }
    i += phrase.stems.length;
  }
  return { concepts, covered };
}

/** Letters-only words under two characters ("i", "a", the "d"s of "d&d") say nothing alone. */
function isContentStem(wordStem: string): boolean {
  return !isStopword(wordStem) && (wordStem.length >= 2 || /\d/.test(wordStem));
}

/** Features of a run of non-Han words (English, French, Korean…): stems, pairs, concepts. */
function analyzeWords(words: readonly string[], matcher: ConceptMatcher, out: MutableAnalysis): void {
  const stems = words.map(stem);
  const { concepts, covered } = englishConcepts(stems, matcher);
  out.concepts.push(...concepts);
  const content: string[] = [];
  stems.forEach((wordStem, i) => {
    if (!isContentStem(wordStem)) return;
    content.push(wordStem);
    if (covered[i] === true) {
      out.conceptTerms.push(wordStem);
      return;
    }
    out.terms.push(wordStem);
    const near = matcher.neighbours.get(wordStem);
    if (near !== undefined) {
      out.neighbours.push(...near);
      return;
    }
    const corrected = misspelling(words[i] ?? '', matcher);
    if (corrected !== undefined) out.neighbours.push(corrected);
  });
  for (let i = 1; i < content.length; i += 1) out.wordPairs.push(`${content[i - 1]} ${content[i]}`);
}

/** Character bigrams of Chinese text outside any lexicon term, split at stopwords first. */
function chineseBigrams(text: string): string[] {
  const grams: string[] = [];
  for (const piece of text.split(CHINESE_STOP)) {
    const chars = Array.from(piece);
    if (chars.length === 1) grams.push(piece);
    for (let i = 1; i < chars.length; i += 1) grams.push(`${chars[i - 1]}${chars[i]}`);
  }
  return grams;
}

/**
 * Features of a Han run. Chinese has no spaces, so lexicon terms are found by substring:
 * at each position the longest term starting there wins (男朋友 is dating even though it
 * contains 朋友). What no term covers becomes character bigrams, so unknown words still match.
 */
function analyzeHan(run: string, matcher: ConceptMatcher, out: MutableAnalysis): void {
  const chars = Array.from(run);
  let rest = '';
  let i = 0;
  while (i < chars.length) {
    const match = longestChineseTermAt(chars, i, matcher);
    if (match === undefined) {
      rest += chars[i];
      i += 1;
      continue;
    }
    out.terms.push(...chineseBigrams(rest));
    out.conceptTerms.push(match.term);
    out.concepts.push(match.concept);
    rest = '';
    i += match.length;
  }
  out.terms.push(...chineseBigrams(rest));
}

interface ChineseMatch {
  readonly term: string;
  readonly concept: string;
  /** In characters (code points), not UTF-16 units. */
  readonly length: number;
}

function longestChineseTermAt(chars: readonly string[], start: number, matcher: ConceptMatcher): ChineseMatch | undefined {
  const longest = Math.min(matcher.longestChineseTerm, chars.length - start);
  for (let length = longest; length >= 2; length -= 1) {
    const term = chars.slice(start, start + length).join('');
    const concept = matcher.chineseTerms.get(term);
    if (concept !== undefined) return { term, concept, length };
  }
  return undefined;
}

interface MutableAnalysis {
  terms: string[];
  conceptTerms: string[];
  wordPairs: string[];
  concepts: string[];
  neighbours: Neighbour[];
}

/**
 * Features of a member's text. Words between two Han runs form one run, so an English phrase
 * is never matched across Chinese text, and word pairs never join words on either side of it.
 */
export function analyzeText(text: string, matcher: ConceptMatcher = defaultMatcher): TextAnalysis {
  const out: MutableAnalysis = { terms: [], conceptTerms: [], wordPairs: [], concepts: [], neighbours: [] };
  let words: string[] = [];
  for (const token of normalizeText(text).match(TOKEN) ?? []) {
    if (!HAN.test(token)) {
      words.push(token);
      continue;
    }
    analyzeWords(words, matcher, out);
    words = [];
    analyzeHan(token, matcher, out);
  }
  analyzeWords(words, matcher, out);
  return out;
}

