/**
 * The built-in embedding model: offline, deterministic, no weights. A curated lexicon of
 * concepts (English and Chinese) plus feature hashing; see embed.ts for how a vector is made.
 */
export {
  BUILTIN_EMBEDDING_DIMENSIONS,
  BUILTIN_EMBEDDING_MODEL,
  embedTexts,
} from './embed.js';
export { LEXICON, RELATED_LINKS, type ConceptKind } from './lexicon.js';
export { analyzeText, splitElisions, stem } from './tokenize.js';
