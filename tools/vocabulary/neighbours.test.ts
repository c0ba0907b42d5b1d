import { buildNeighbourTable, conceptVectors, nearestConcepts, type ConceptTerms } from './neighbours.js';

/**
 * A made-up 4-dimensional vocabulary: running words point along x, music words along y, cooking
 * words along z, and "week" a little towards everything (a frequent, general word).
 */
const VECTORS: Record<string, number[]> = {
  run: [1, 0, 0, 0],
  running: [0.95, 0.05, 0, 0.1],
  jogging: [0.9, 0.1, 0.05, 0.2],
  music: [0, 1, 0, 0],
  song: [0.05, 0.9, 0, 0.1],
  tunes: [0.1, 0.8, 0.05, 0.3],
  cook: [0, 0, 1, 0],
  recipe: [0, 0.05, 0.9, 0.1],
  week: [0.5, 0.5, 0.5, 0.5],
  mars: [0, 0, 0, 1],
};
const lookup = (word: string) => (VECTORS[word] ? Float64Array.from(VECTORS[word]) : undefined);
const CONCEPTS: ConceptTerms[] = [
  { id: 'running', terms: ['run', 'running', 'half marathon'] },
  { id: 'music', terms: ['music', 'song'] },
  { id: 'cooking', terms: ['cook', 'recipe', 'meal prep'] },
  { id: 'astronomy', terms: ['telescope'] },
];
const options = { threshold: 0.6, minZ: 1, perWord: 2 };

describe('the neighbour table', () => {
  it('makes concept vectors from one-word terms in the vocabulary, leaving out concepts with none', () => {
    const concepts = conceptVectors(CONCEPTS, lookup);
    expect(concepts.map((c) => c.id)).toEqual(['running', 'music', 'cooking']);
    expect(concepts[0]!.terms).toHaveLength(2); // "half marathon" is two words
    for (const c of concepts) expect(Math.hypot(...c.centroid)).toBeCloseTo(1);
  });

  it('finds the nearest concept of a synonym, with its similarity', () => {
    const concepts = conceptVectors(CONCEPTS, lookup);
    const near = nearestConcepts(lookup('jogging')!, concepts, options);
    expect(near.map((n) => n.concept)).toEqual(['running']);
    expect(near[0]!.weight).toBeGreaterThan(0.9);
    expect(nearestConcepts(lookup('tunes')!, concepts, options).map((n) => n.concept)).toEqual(['music']);
  });

  it('drops a general word that is near everything, and a word near nothing', () => {
    const concepts = conceptVectors(CONCEPTS, lookup);
    expect(nearestConcepts(lookup('week')!, concepts, { ...options, threshold: 0.4 })).toEqual([]);
    expect(nearestConcepts(lookup('mars')!, concepts, options)).toEqual([]);
  });

  it('keys words by the caller\'s key, skips what it refuses, keeps the first word of a key, and sorts', () => {
    const table = buildNeighbourTable({
      words: ['tunes', 'jogging', 'run', 'week', 'mars', 'running'],
      lookup,
      concepts: CONCEPTS,
      // "run" and "running" are known; "jogging" is keyed by a stem.
      keyOf: (word) => (word === 'run' || word === 'running' ? null : word === 'jogging' ? 'jog' : word),
      options,
    });
    expect(table.map(([key]) => key)).toEqual(['jog', 'tunes']);
    expect(table[0]![1][0]!.concept).toBe('running');
    // The same input gives the same table.
    expect(buildNeighbourTable({ words: ['tunes', 'jogging'], lookup, concepts: CONCEPTS, keyOf: (w) => w, options })).toEqual(
      buildNeighbourTable({ words: ['tunes', 'jogging'], lookup, concepts: CONCEPTS, keyOf: (w) => w, options }),
    );
  });
});
