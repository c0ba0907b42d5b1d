/**
 * Built-in offline standardizers for member profiles: deterministic, no model weights, no
 * network. The Ollama provider will offer the same two operations backed by an LLM.
 */
export { standardizeLocation } from './location.js';
export {
  PROFESSION_CATEGORIES,
  standardizeProfession,
  type ProfessionCategory,
} from './professions.js';
