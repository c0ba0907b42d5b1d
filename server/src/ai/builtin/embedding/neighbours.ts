/**
 * The neighbour table of the built-in embedding model: for English words the lexicon does not
 * know ("footy", "tunes", "novelist"), the lexicon concepts they are near and how near (a
 * similarity in (0, 1]). Data, in content/embedding/neighbours.json, made from GloVe word
 * vectors by tools/vocabulary/build-neighbours.ts (docs/search-quality.md, "The neighbour table");
 * keys are the tokenizer's stems. tokenize.ts reads a word through it when no lexicon term
 * covers the word, and embed.ts adds those concepts at a reduced weight.
 *
 * Every vector depends on that file too: a rebuild changes stored embeddings, so bump
 * BUILTIN_EMBEDDING_MODEL in embed.ts along with it.
 */
import { z } from 'zod';

import { contentComment, loadJsonContent } from '../../../content.js';
import { LEXICON } from './lexicon.js';

export interface Neighbour {
  readonly concept: string;
  readonly weight: number;
}

export const NEIGHBOURS_FILE = 'embedding/neighbours.json';

const conceptIds = new Set(LEXICON.map((c) => c.id));
const neighboursSchema = z.strictObject({
  $comment: contentComment,
  source: z.record(z.string(), z.union([z.string(), z.number()])),
  realWords: z.array(z.string().regex(/^[a-z]+$/, 'expected a lower-case a–z word')),
  neighbours: z.record(
    z.string().regex(/^[a-z]+$/, 'expected a lower-case a–z stem'),
    z.array(z.tuple([z.string().refine((id) => conceptIds.has(id), 'not a lexicon concept id'), z.number().gt(0).lte(1)])).min(1),
  ),
});

export interface NeighbourTable {
  /** Stem → neighbours, best first. */
  readonly neighbours: ReadonlyMap<string, readonly Neighbour[]>;
  /**
   * Frequent English words a letter or two from a lexicon term ("booking", "liking"): real words,
   * never read as a misspelling of the term (spelling.ts).
   */
  readonly realWords: ReadonlySet<string>;
}

/** The table in `file` (content/embedding/neighbours.json unless a test names another). */
export function loadNeighbours(file = NEIGHBOURS_FILE): NeighbourTable {
  const { neighbours, realWords } = loadJsonContent(neighboursSchema, file);
  return {
    neighbours: new Map(Object.entries(neighbours).map(([key, list]) => [key, list.map(([concept, weight]) => ({ concept, weight }))])),
    realWords: new Set(realWords),
  };
}

export const NEIGHBOUR_TABLE: NeighbourTable = loadNeighbours();
