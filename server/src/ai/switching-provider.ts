import type { Logger } from 'pino';

import type { AiModels, AiProvider, ChatMessage, ChatOptions, EmbedOptions, StructuredRequest } from './provider.js';

/**
 * The provider of AI_PROVIDER=auto when Ollama was not ready at start (not running yet, or its
 * models still being pulled: the compose stack's `--profile ai` starts it beside the app). It runs
 * on the provider chosen at start and moves to Ollama once a probe finds it with both models, so
 * a pilot that adds Ollama later needs no restart. Everything that holds the provider sees the
 * move: `name` and `models` are read through, and search keeps reading the old model's vectors
 * until the new model's cover the members (EmbeddingModels), as after a restart with a new model.
 */
export class SwitchingProvider implements AiProvider {
  private timer: NodeJS.Timeout | undefined;
  private probing = false;

  constructor(
    private current: AiProvider,
    private readonly deps: {
      /** Ollama, when it answers with both models; undefined otherwise (it never throws). */
      probe: () => Promise<AiProvider | undefined>;
      logger: Logger;
      /** After the move: builds the new model's search index, and so on. */
      onSwitch?: (next: AiProvider) => Promise<void> | void;
    },
  ) {}

  get name(): AiProvider['name'] {
    return this.current.name;
  }

  get models(): AiModels {
    return this.current.models;
  }

  chat(messages: ChatMessage[], options?: ChatOptions): Promise<string> {
    return this.current.chat(messages, options);
  }

  structured<T>(request: StructuredRequest<T>): Promise<T> {
    return this.current.structured(request);
  }

  embed(texts: string[], options?: EmbedOptions): Promise<number[][]> {
    return this.current.embed(texts, options);
  }

  /** Who is notified after the move (set once the services that react to it exist). */
  set onSwitch(listener: (next: AiProvider) => Promise<void> | void) {
    this.deps.onSwitch = listener;
  }

  /** Probes every `intervalMs` until Ollama is there; the timer never keeps the process alive. */
  watch(intervalMs: number): void {
    if (this.timer || this.current.name === 'ollama') return;
    this.timer = setInterval(() => void this.check(), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One probe; true when it moved to Ollama. */
  async check(): Promise<boolean> {
    if (this.probing || this.current.name === 'ollama') return false;
    this.probing = true;
    try {
      const next = await this.deps.probe();
      if (!next) return false;
      const from = this.current.models.embedding;
      this.current = next;
      this.stop();
      this.deps.logger.info({ chat: next.models.chat, embedding: next.models.embedding, from }, 'Ollama is ready with both models: the AI now runs there (search reads the previous vectors until the new model covers the members)');
      await Promise.resolve(this.deps.onSwitch?.(next)).catch((error: unknown) => this.deps.logger.error({ err: error }, 'after switching to Ollama'));
      return true;
    } finally {
      this.probing = false;
    }
  }
}
