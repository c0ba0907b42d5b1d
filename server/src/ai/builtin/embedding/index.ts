/**
 * The built-in embedding model: offline, deterministic, no weights. A curated lexicon of
 * concepts (English and Chinese) plus feature hashing; see embed.ts for how a vector is made.
 */
export {
  BUILTIN_EMBEDDING_DIMENSIONS,
  BUILTIN_EMBEDDING_MODEL,
  cosineSimilarity,
  embedText,
  embedTexts,
} from './embed.js';
export { LEXICON, RELATED_LINKS, type Concept, type ConceptKind } from './lexicon.js';
export { analyzeText, normalizeText, splitElisions, stem, type TextAnalysis } from './tokenize.js';
