import type { Logger } from 'pino';

import type { Config } from '../config.js';
import { BuiltinProvider } from './builtin/builtin.provider.js';
import { OllamaProvider } from './ollama/ollama.provider.js';
import { hasModel, probeOllama } from './ollama/probe.js';
import { SwitchingProvider } from './switching-provider.js';
import { BUILTIN_EMBEDDING_DIMENSIONS, BUILTIN_EMBEDDING_MODEL } from './builtin/embedding/index.js';
import type { AiProvider, Embedder } from './provider.js';

const PROBE_TIMEOUT_MS = 2000;

/**
 * Picks the AI provider at start. `auto` uses Ollama only when it answers and has both models
 * pulled; otherwise the built-in provider runs, and the log says why, so a laptop demo never
 * waits on an absent model and a production install says what is missing. In `auto` that
 * built-in provider is a SwitchingProvider: the caller may `watch()` for Ollama to arrive.
 */
export async function createAiProvider(config: Config, logger: Logger, options: { searchModel?: string; fetch?: typeof fetch } = {}): Promise<AiProvider> {
  const fetchImpl = options.fetch;
  const { ai } = config;
  const ollama = () =>
    new OllamaProvider({
      url: ai.ollamaUrl,
      chatModel: ai.chatModel,
      embedModel: ai.embedModel,
      dimensions: ai.embedDimensions,
      timeoutMs: ai.timeoutMs,
      fetch: fetchImpl,
    });

  if (ai.provider === 'builtin') return new BuiltinProvider();
  if (ai.provider === 'ollama') return ollama();

  const probe = await probeOllama(ai.ollamaUrl, PROBE_TIMEOUT_MS, fetchImpl);
  if (!probe.reachable && options.searchModel === ai.embedModel) {
    // After a reboot Ollama may start after the app; the members' vectors are its model's.
    logger.warn({ reason: probe.reason, searchModel: options.searchModel }, "Ollama is not reachable yet, but search reads its model's vectors: using Ollama; AI answers fail until it is up");
    return ollama();
  }
  // Ollama with both models, or nothing: a later probe (SwitchingProvider.watch) tries again.
  const ready = async () => {
    const later = await probeOllama(ai.ollamaUrl, PROBE_TIMEOUT_MS, fetchImpl);
    return later.reachable && [ai.chatModel, ai.embedModel].every((model) => hasModel(later.models, model)) ? ollama() : undefined;
  };
  if (!probe.reachable) {
    logger.info({ reason: probe.reason }, 'Ollama is not reachable: using the built-in offline AI provider');
    return new SwitchingProvider(new BuiltinProvider(), { probe: ready, logger });
  }
  const missing = [ai.chatModel, ai.embedModel].filter((model) => !hasModel(probe.models, model));
  if (missing.length > 0) {
    logger.warn({ missing }, `Ollama lacks ${missing.join(' and ')} (ollama pull ${missing.join(' ')}): using the built-in offline AI provider`);
    return new SwitchingProvider(new BuiltinProvider(), { probe: ready, logger });
  }
  logger.info({ chat: ai.chatModel, embedding: ai.embedModel }, 'using Ollama');
  return ollama();
}

/**
 * Embedders for stored models other than the running provider's: the built-in model always
 * (no weights), another Ollama model when Ollama is configured. Search reads them while a switch
 * to the running model is pending.
 */
export function otherEmbedders(config: Config, running: AiProvider): (model: string, dimensions: number) => Embedder | undefined {
  const made = new Map<string, Embedder>();
  return (model, dimensions) => {
    const key = `${model}/${dimensions}`;
    if (!made.has(key)) {
      if (model === BUILTIN_EMBEDDING_MODEL && dimensions === BUILTIN_EMBEDDING_DIMENSIONS) made.set(key, new BuiltinProvider());
      else if (config.ai.provider !== 'builtin' || running.name === 'ollama') {
        made.set(key, new OllamaProvider({ url: config.ai.ollamaUrl, chatModel: config.ai.chatModel, embedModel: model, dimensions, timeoutMs: config.ai.timeoutMs }));
      } else return undefined;
    }
    return made.get(key);
  };
}
