/**
 * The built-in embedding model: deterministic, no weights, no network. Used when Kindred runs
 * offline and in tests; production embeds through Ollama.
 *
 * A text's vector is the sum of two parts, then scaled to unit length:
 * - Concepts. Every lexicon concept owns a fixed dense direction; the concepts a text mentions
 *   are added with a strong weight, and each spreads a share of that weight to its related
 *   concepts (hiking → outdoors, trail running, camping…). This is what makes "hiking" close to
 *   "outdoors" and "徒步" close to "hiking" although they share no characters.
 * - Neighbours. A word no lexicon term covers but the neighbour table knows ("tunes", "rugby")
 *   adds its neighbour concepts like a mention, weighed down by its similarity × NEIGHBOUR_WEIGHT
 *   (neighbours.ts; the table is derived from GloVe by tools/vocabulary/).
 * - Surface features. Word stems, neighbouring word pairs and Chinese character bigrams are
 *   feature-hashed (signed, so collisions cancel out on average instead of piling up), so
 *   texts that share unusual words ("Ghibli", "organic", a course code) still end up close
 *   even when the lexicon knows nothing about them.
 *
 * The two parts use separate dimensions (CONCEPT_DIMENSIONS), and concept directions are
 * mutually orthogonal (Gram–Schmidt over seeded pseudo-random vectors), so two texts about
 * unrelated concepts get exactly nothing from the concept part; hashing collisions add only
 * small noise (a few hundredths of cosine between unrelated texts).
 *
 * Deterministic across runs and hosts: no Math.random, seeds come from FNV-1a hashes of fixed
 * strings, iteration follows the lexicon's array order or the text's own order, and the
 * arithmetic is IEEE-exact (+, ×, ÷, √) except Math.log, which V8 implements itself (an fdlibm
 * port) instead of calling the platform's libm. embed.test.ts pins a few output values.
 */
import { LEXICON, type ConceptKind, RELATED_LINKS } from './lexicon.js';
import type { Neighbour } from './neighbours.js';
import { analyzeText, type TextAnalysis } from './tokenize.js';

/**
 * Bump when the lexicon, the neighbour table, the tokenizer or weights change: stored vectors are
 * then stale (a migration then makes the built-in index for the new name, as 20261206000000 did).
 * v2: the neighbour table (words the lexicon does not know, read as nearby concepts). v3: French
 * elisions read as two words (« l’escalade » → escalade), « le basket » and « la course »; the
 * lexicon's not-terms ("after class" is no study, "kind of" no kindness); 唱K and K歌 as karaoke.
 * v4: « la salle » is the gym (a classroom, a cinema or a concert hall is not), « faire des
 * gâteaux » is baking, and a bare "style" ("pomodoro style") is no longer fashion.
 */
export const BUILTIN_EMBEDDING_MODEL = 'kindred-builtin-embed-v4';
export const BUILTIN_EMBEDDING_DIMENSIONS = 384;

/**
 * The first dimensions hold the concept part, the rest the hashed part. Keeping the two apart
 * means a hashed word can never land on a concept's direction: two texts can only look alike
 * through concepts they share or features they share, not through collisions between the two.
 * 128 leaves room for up to 127 concepts (plus the empty-text direction) with exact orthogonality.
 */
export const CONCEPT_DIMENSIONS = 128;
const HASHED_DIMENSIONS = BUILTIN_EMBEDDING_DIMENSIONS - CONCEPT_DIMENSIONS;

// ── Weights ─────────────────────────────────────────────────────────────────────────────────

/**
 * A concept mention counts as much as this many distinct words. High, because the concepts
 * carry the meaning and the words are mostly there for what the lexicon does not know; not
 * so high that a long profile's distinctive words stop mattering.
 */
const CONCEPT_WEIGHT = 3;
/**
 * The words of a lexicon match ("bouldering", "徒步") are already carried by their concept;
 * hashing them again at full weight would mostly add collision noise, which drowns the words
 * the lexicon does not know. At half weight they still favour the exact word a little.
 */
const CONCEPT_TERM_WEIGHT = 0.5;
/** Word pairs refine single words ("trail run" vs "run"), so they count for half. */
const WORD_PAIR_WEIGHT = 0.5;
/**
 * Interests decide who matches whom; traits and relationship goals ("friend", "chill") appear in
 * most texts and would otherwise pull every profile towards every query.
 */
const CONCEPT_KIND_WEIGHT: Readonly<Record<ConceptKind, number>> = {
  activity: 1,
  interest: 1,
  subject: 1,
  trait: 0.6,
  goal: 0.5,
};
/**
 * A neighbour word ("tunes" for music, similarity 0.66) counts as this share of a mention, times
 * its similarity: about a third of a mention for a typical neighbour. Less than a lexicon term,
 * because the table is derived, not curated; enough to lift members who list the concept above
 * those who share no word with the text at all.
 */
const NEIGHBOUR_WEIGHT = 0.5;
/** Each hashed feature is spread over a few signed dimensions, so one collision costs little. */
const SLOTS_PER_FEATURE = 4;
const SLOT_SCALE = 1 / Math.sqrt(SLOTS_PER_FEATURE);

// ── Hashing and seeded randomness ───────────────────────────────────────────────────────────

function fnvStep(hash: number, byte: number): number {
  return Math.imul(hash ^ byte, 0x01000193) >>> 0;
}

/**
 * FNV-1a, 32 bits, over the UTF-8 bytes of `text` (not UTF-16 units, so another language can
 * reproduce it). Lone surrogates are encoded like any other code point.
 */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    const cp = text.codePointAt(i) ?? 0;
    if (cp > 0xffff) i += 1;
    if (cp < 0x80) {
      hash = fnvStep(hash, cp);
    } else if (cp < 0x800) {
      hash = fnvStep(fnvStep(hash, 0xc0 | (cp >>> 6)), 0x80 | (cp & 0x3f));
    } else if (cp < 0x10000) {
      hash = fnvStep(fnvStep(fnvStep(hash, 0xe0 | (cp >>> 12)), 0x80 | ((cp >>> 6) & 0x3f)), 0x80 | (cp & 0x3f));
    } else {
      hash = fnvStep(hash, 0xf0 | (cp >>> 18));
      hash = fnvStep(fnvStep(fnvStep(hash, 0x80 | ((cp >>> 12) & 0x3f)), 0x80 | ((cp >>> 6) & 0x3f)), 0x80 | (cp & 0x3f));
    }
  }
  return hash;
}

/** MurmurHash3's finalizer: FNV's low bits are weak, this spreads every input bit over all 32. */
function fmix32(value: number): number {
  let h = value >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Adds `weight` × (the feature's sparse signed unit vector) to `vector`. */
function addHashedFeature(vector: Float64Array, feature: string, weight: number): void {
  const hash = fnv1a32(feature);
  for (let slot = 0; slot < SLOTS_PER_FEATURE; slot += 1) {
    const bits = fmix32(hash + Math.imul(slot + 1, 0x9e3779b9));
    const index = CONCEPT_DIMENSIONS + ((bits >>> 1) % HASHED_DIMENSIONS);
    vector[index] = (vector[index] ?? 0) + ((bits & 1) === 1 ? -weight : weight) * SLOT_SCALE;
  }
}

/** Mulberry32: a tiny seeded generator, so concept directions are fixed by their ids alone. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A ±1 vector over the concept dimensions, seeded from `name`. */
function signVector(name: string): Float64Array {
  const random = seededRandom(fnv1a32(name));
  return Float64Array.from({ length: CONCEPT_DIMENSIONS }, () => (random() < 0.5 ? -1 : 1));
}

// ── Vector helpers ──────────────────────────────────────────────────────────────────────────

function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += (a[i] ?? 0) * (b[i] ?? 0);
  return sum;
}

/** Adds `scale` × `source` into the first `source.length` entries of `target`. */
function addScaled(target: Float64Array, source: Float64Array, scale: number): void {
  for (let i = 0; i < source.length; i += 1) target[i] = (target[i] ?? 0) + scale * (source[i] ?? 0);
}

/** Cosine similarity of two equal-length vectors; 0 when either is all zeros. */
export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  const denominator = Math.sqrt(dot(a, a) * dot(b, b));
  return denominator === 0 ? 0 : dot(a, b) / denominator;
}

/**
 * Orthonormal directions in the concept dimensions, one per name, in order: each seeded vector
 * has its projections on the earlier ones removed (Gram–Schmidt), so concept directions are
 * exactly orthogonal. This needs no more names than CONCEPT_DIMENSIONS; embed.test.ts checks it.
 */
function orthonormalDirections(names: readonly string[]): Float64Array[] {
  if (names.length > CONCEPT_DIMENSIONS) {
    throw new Error(`${names.length} concept directions do not fit in ${CONCEPT_DIMENSIONS} dimensions: raise CONCEPT_DIMENSIONS`);
  }
  const directions: Float64Array[] = [];
  for (const name of names) {
    const vector = signVector(name);
    for (const earlier of directions) addScaled(vector, earlier, -dot(vector, earlier));
    const norm = Math.sqrt(dot(vector, vector));
    directions.push(vector.map((x) => x / norm));
  }
  return directions;
}

// ── The model's fixed parts ─────────────────────────────────────────────────────────────────

interface Link {
  readonly index: number;
  readonly weight: number;
}

const CONCEPT_INDEX: ReadonlyMap<string, number> = new Map(LEXICON.map((concept, index) => [concept.id, index]));

/** Related-concept links (the lexicon's, made symmetric), by concept index, sorted by index. */
function buildLinks(): Link[][] {
  return LEXICON.map((concept) =>
    Array.from(RELATED_LINKS.get(concept.id) ?? [], ([id, weight]) => ({ index: CONCEPT_INDEX.get(id)!, weight })).sort((x, y) => x.index - y.index),
  );
}

const LINKS = buildLinks();
const KIND_WEIGHTS = LEXICON.map((concept) => CONCEPT_KIND_WEIGHT[concept.kind]);

/**
 * The last direction is reserved for texts with nothing in them (see embedText), so it is
 * orthogonal to every concept as well.
 */
const EMPTY_DIRECTION_NAME = 'kindred:empty-text';
const DIRECTIONS = orthonormalDirections([...LEXICON.map((concept) => `concept:${concept.id}`), EMPTY_DIRECTION_NAME]);
const EMPTY_VECTOR: readonly number[] = Array.from({ length: BUILTIN_EMBEDDING_DIMENSIONS }, (_, i) => DIRECTIONS[LEXICON.length]?.[i] ?? 0);

// ── Embedding ───────────────────────────────────────────────────────────────────────────────

/** Sub-linear term frequency: saying "hiking" five times is not five times as much hiking. */
function frequencyWeight(count: number): number {
  return 1 + Math.log(count);
}

function countOccurrences(items: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return counts;
}

/**
 * How strongly the text is about each concept, by lexicon index. A mentioned concept gets its
 * kind's weight (sub-linear in mentions), a neighbour concept a share of it (NEIGHBOUR_WEIGHT ×
 * the word's similarity), unless mentioned as well; each related concept gets the largest share any
 * mentioned concept passes it. Taking the largest rather than the sum keeps a profile that
 * names hiking, camping and climbing from being more "outdoors" than one that says "outdoors".
 */
export function conceptActivations(conceptIds: readonly string[], neighbours: readonly Neighbour[] = []): Float64Array {
  const mentions = new Float64Array(LEXICON.length);
  for (const id of conceptIds) {
    const index = CONCEPT_INDEX.get(id);
    if (index !== undefined) mentions[index] = (mentions[index] ?? 0) + 1;
  }
  const direct = new Float64Array(LEXICON.length);
  for (let index = 0; index < direct.length; index += 1) {
    const count = mentions[index] ?? 0;
    if (count > 0) direct[index] = (KIND_WEIGHTS[index] ?? 0) * frequencyWeight(count);
  }
  // A neighbour is weaker evidence than a mention: it never adds to one, and its strongest
  // occurrence counts (several neighbour words of one concept are not more of it).
  for (const { concept, weight } of neighbours) {
    const index = CONCEPT_INDEX.get(concept);
    if (index === undefined) continue;
    direct[index] = Math.max(direct[index] ?? 0, (KIND_WEIGHTS[index] ?? 0) * weight * NEIGHBOUR_WEIGHT);
  }
  const activations = Float64Array.from(direct);
  for (let index = 0; index < direct.length; index += 1) {
    const strength = direct[index] ?? 0;
    if (strength === 0) continue;
    for (const link of LINKS[index] ?? []) {
      activations[link.index] = Math.max(activations[link.index] ?? 0, strength * link.weight);
    }
  }
  return activations;
}

function addHashedFeatures(vector: Float64Array, features: readonly string[], weight: number): void {
  for (const [feature, count] of countOccurrences(features)) addHashedFeature(vector, feature, weight * frequencyWeight(count));
}

/** The unnormalized vector of an analyzed text. */
function rawVector(analysis: TextAnalysis): Float64Array {
  const vector = new Float64Array(BUILTIN_EMBEDDING_DIMENSIONS);
  addHashedFeatures(vector, analysis.terms, 1);
  addHashedFeatures(vector, analysis.conceptTerms, CONCEPT_TERM_WEIGHT);
  addHashedFeatures(vector, analysis.wordPairs, WORD_PAIR_WEIGHT);
  const activations = conceptActivations(analysis.concepts, analysis.neighbours);
  for (let index = 0; index < activations.length; index += 1) {
    const activation = activations[index] ?? 0;
    const direction = DIRECTIONS[index];
    if (activation > 0 && direction !== undefined) addScaled(vector, direction, CONCEPT_WEIGHT * activation);
  }
  return vector;
}

/**
 * A unit-length vector of BUILTIN_EMBEDDING_DIMENSIONS numbers for `text`.
 *
 * A text with no content (empty, blank, punctuation, or only stopwords such as "I want
 * someone") gets one fixed unit vector instead of zeros: pgvector's cosine distance to a zero
 * vector is NaN, which would break ordering. That vector is orthogonal to every concept, so
 * empty texts sit at cosine ≈ 0 from real ones (and at 1 from each other).
 */
export function embedText(text: string): number[] {
  const vector = rawVector(analyzeText(text));
  const norm = Math.sqrt(dot(vector, vector));
  if (norm < 1e-9) return [...EMPTY_VECTOR];
  const unit = new Array<number>(vector.length);
  for (let i = 0; i < vector.length; i += 1) unit[i] = (vector[i] ?? 0) / norm;
  return unit;
}

/** embedText for each text, in order. */
export function embedTexts(texts: readonly string[]): number[][] {
  return texts.map(embedText);
}
