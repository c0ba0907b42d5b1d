import type { z } from 'zod';

import type { EmbedPurpose } from './task-prefixes.js';

/**
 * What Kindred asks of an AI, whichever one runs it. Two providers implement it:
 * `ollama` (local models, production) and `builtin` (offline, deterministic, no weights).
 *
 * Member text is data, never instructions: callers pass it in `ChatMessage.content` of the
 * user role or as `input`, and providers keep it fenced in their prompts. Answers that feed
 * the database are schema-validated; no answer decides who may see or do anything.
 */

export type ChatRole = 'system' | 'user' | 'assistant';

export interface ChatMessage {
  role: ChatRole;
  content: string;
}

export interface ChatOptions {
  /** Upper bound on the answer's length, in tokens (a hint for the builtin provider). */
  maxTokens?: number;
  signal?: AbortSignal;
}

export interface StructuredRequest<T> {
  /** What to do, written by Kindred (never by a member). */
  instruction: string;
  /** Member-provided material, fenced as data in the prompt. */
  input: string;
  schema: z.ZodType<T>;
  /** A name for the schema, used in prompts and errors. */
  name: string;
  signal?: AbortSignal;
}

export interface EmbedOptions {
  /** Query or document: models trained with task prefixes get theirs (task-prefixes.ts). Default 'document'. */
  purpose?: EmbedPurpose;
  signal?: AbortSignal;
}

export interface AiModels {
  chat: string;
  embedding: string;
  /** Length of every vector `embed` returns. */
  dimensions: number;
}

export interface AiProvider {
  /** 'ollama' or 'builtin': reported by /readyz and the admin AI tab. */
  readonly name: 'ollama' | 'builtin';
  readonly models: AiModels;
  chat(messages: ChatMessage[], options?: ChatOptions): Promise<string>;
  /** An answer that satisfies `schema`, or AiError. */
  structured<T>(request: StructuredRequest<T>): Promise<T>;
  /** One unit-length vector of `models.dimensions` per text, in order. */
  embed(texts: string[], options?: EmbedOptions): Promise<number[][]>;
}

/** What embeds texts for one model: a provider, or Ollama with a stored model other than the running one. */
export type Embedder = Pick<AiProvider, 'embed' | 'models'>;

export type AiErrorKind = 'unavailable' | 'timeout' | 'invalid_output';

export class AiError extends Error {
  constructor(
    readonly kind: AiErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AiError';
  }
}
