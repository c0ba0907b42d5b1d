import { AiError, type AiModels, type AiProvider, type ChatMessage, type StructuredRequest } from '../provider.js';
import { BUILTIN_EMBEDDING_DIMENSIONS, BUILTIN_EMBEDDING_MODEL, embedTexts } from './embedding/index.js';

export const BUILTIN_CHAT_MODEL = 'kindred-builtin-rules-v1';

/**
 * The offline provider: deterministic, no model weights, always available. Its embeddings come
 * from a curated lexicon and feature hashing; standardization uses the gazetteer and taxonomy in
 * ./standardize directly. It has no free-form language model, so `chat` and `structured` say so
 * with AiError('unavailable'): features that need them carry their own rule-based path for this
 * provider (the onboarding interviewer, the match analysis).
 */
export class BuiltinProvider implements AiProvider {
  readonly name = 'builtin' as const;
  readonly models: AiModels = { chat: BUILTIN_CHAT_MODEL, embedding: BUILTIN_EMBEDDING_MODEL, dimensions: BUILTIN_EMBEDDING_DIMENSIONS };

  async chat(_messages: ChatMessage[]): Promise<string> {
    throw new AiError('unavailable', 'The built-in offline provider has no free-form chat model; set up Ollama for it.');
  }

  async structured<T>(request: StructuredRequest<T>): Promise<T> {
    throw new AiError('unavailable', `The built-in offline provider cannot answer "${request.name}" with a language model; set up Ollama for it.`);
  }

  async embed(texts: string[]): Promise<number[][]> {
    return embedTexts(texts);
  }
}
