/**
 * The neighbour table's arithmetic, apart from any file: which lexicon concepts an unknown word
 * is near in a word-vector space (GloVe), and how near. build-neighbours.ts feeds it the GloVe
 * vectors and writes content/embedding/neighbours.json; neighbours.test.ts runs it on a tiny
 * made-up vector set.
 *
 * A concept's vector is the mean of its one-word English terms' unit vectors, scaled to unit
 * length (multi-word terms are left out: "movie night" and "book club" would pull every concept
 * towards "night" and "club"). A word's similarity to a concept is the mean of two cosines: with
 * that centroid, which is robust, and with the concept's closest term, which catches a synonym of
 * one term ("jogging" of "running").
 *
 * Frequent, general words ("weekend", "work", "night") are moderately close to many concepts at
 * once; a real neighbour stands out from the rest. So a concept is kept only when its similarity
 * is at least `threshold` AND at least `minZ` standard deviations above the word's mean
 * similarity to all concepts. A word keeps at most `perWord` concepts, best first.
 */

export interface ConceptTerms {
  id: string;
  /** The concept's English terms, as written in the lexicon ("trail running"). */
  terms: readonly string[];
}

export type VectorLookup = (word: string) => Float64Array | undefined;

export interface ConceptVector {
  id: string;
  centroid: Float64Array;
  terms: Float64Array[];
}

export interface NeighbourOptions {
  /** Lowest similarity kept (0–1). */
  threshold: number;
  /** Lowest standing above the word's other concepts, in standard deviations of its similarities. */
  minZ: number;
  /** Most concepts kept per word. */
  perWord: number;
}

export interface Neighbour {
  concept: string;
  /** Similarity, rounded to two decimals. */
  weight: number;
}

export function dot(a: Float64Array, b: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += a[i]! * b[i]!;
  return sum;
}

/** `v` scaled to unit length; undefined for a zero vector. */
export function unit(v: Float64Array): Float64Array | undefined {
  const norm = Math.sqrt(dot(v, v));
  return norm === 0 ? undefined : v.map((x) => x / norm);
}

function mean(vectors: readonly Float64Array[]): Float64Array | undefined {
  const first = vectors[0];
  if (first === undefined) return undefined;
  const sum = new Float64Array(first.length);
  for (const v of vectors) for (let i = 0; i < sum.length; i += 1) sum[i]! += v[i]!;
  return sum.map((x) => x / vectors.length);
}

/** A one-word term's unit vector; undefined for a multi-word term or a word not in the vocabulary. */
export function termVector(term: string, lookup: VectorLookup): Float64Array | undefined {
  const words = term.toLowerCase().split(/[\s-]+/).filter(Boolean);
  if (words.length !== 1) return undefined;
  const vectors: Float64Array[] = [];
  for (const word of words) {
    const v = lookup(word);
    const u = v && unit(v);
    if (!u) return undefined;
    vectors.push(u);
  }
  const m = mean(vectors);
  return m && unit(m);
}

/** Each concept's centroid and term vectors; concepts with no term in the vocabulary are left out. */
export function conceptVectors(concepts: readonly ConceptTerms[], lookup: VectorLookup): ConceptVector[] {
  return concepts.flatMap((concept) => {
    const terms = concept.terms.flatMap((term) => termVector(term, lookup) ?? []);
    const centroid = unit(mean(terms) ?? new Float64Array(0));
    return centroid ? [{ id: concept.id, centroid, terms }] : [];
  });
}

/** Similarity of a unit word vector to a concept: the mean of the centroid's cosine and the closest term's. */
export function similarity(word: Float64Array, concept: ConceptVector): number {
  let best = -1;
  for (const term of concept.terms) best = Math.max(best, dot(word, term));
  return (dot(word, concept.centroid) + best) / 2;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** The concepts near a word vector, best first (ties by id), above the threshold. */
export function nearestConcepts(vector: Float64Array, concepts: readonly ConceptVector[], options: NeighbourOptions): Neighbour[] {
  const word = unit(vector);
  if (!word || concepts.length === 0) return [];
  const sims = concepts.map((concept) => similarity(word, concept));
  const mean = sims.reduce((sum, s) => sum + s, 0) / sims.length;
  const sd = Math.sqrt(sims.reduce((sum, s) => sum + (s - mean) ** 2, 0) / sims.length);
  return concepts
    .flatMap((concept, i) => {
      const s = sims[i]!;
      return s >= options.threshold && sd > 0 && (s - mean) / sd >= options.minZ ? [{ concept: concept.id, weight: round2(s) }] : [];
    })
    .sort((a, b) => b.weight - a.weight || (a.concept < b.concept ? -1 : a.concept > b.concept ? 1 : 0))
    .slice(0, options.perWord);
}

export interface TableInput {
  /** Candidate words, most frequent first (GloVe's own order). */
  words: readonly string[];
  lookup: VectorLookup;
  concepts: readonly ConceptTerms[];
  /** The key a word is stored under (the tokenizer's stem), or null to skip the word (known, a stopword, a name…). */
  keyOf: (word: string) => string | null;
  options: NeighbourOptions;
}

/**
 * The table: key → neighbours, keys sorted. Several words can share a key ("coder", "coders"):
 * the most frequent one decides, as it has the best-trained vector.
 */
export function buildNeighbourTable(input: TableInput): Array<[string, Neighbour[]]> {
  const concepts = conceptVectors(input.concepts, input.lookup);
  const table = new Map<string, Neighbour[]>();
  const seen = new Set<string>();
  for (const word of input.words) {
    const key = input.keyOf(word);
    if (key === null || seen.has(key)) continue;
    seen.add(key);
    const vector = input.lookup(word);
    if (!vector) continue;
    const near = nearestConcepts(vector, concepts, input.options);
    if (near.length > 0) table.set(key, near);
  }
  return [...table].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
