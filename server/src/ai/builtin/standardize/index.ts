/**
 * Built-in offline standardizers for member profiles: deterministic, no model weights, no
 * network. The Ollama provider will offer the same two operations backed by an LLM.
 */
export { standardizeLocation, type LocationFailure, type LocationResult } from './location.js';
export {
  PROFESSION_CATEGORIES,
  standardizeProfession,
  type ProfessionCategory,
  type ProfessionFailure,
  type ProfessionResult,
} from './professions.js';
