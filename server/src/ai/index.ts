import type { Logger } from 'pino';

import type { Config } from '../config.js';
import { BuiltinProvider } from './builtin/builtin.provider.js';
import { OllamaProvider } from './ollama/ollama.provider.js';
import { hasModel, probeOllama } from './ollama/probe.js';
import type { AiProvider } from './provider.js';

const PROBE_TIMEOUT_MS = 2000;

/**
 * Picks the AI provider once, at start. `auto` uses Ollama only when it answers and has both
 * models pulled; otherwise the built-in provider runs, and the log says why, so a laptop demo
 * never waits on an absent model and a production install says what is missing.
 */
export async function createAiProvider(config: Config, logger: Logger, fetchImpl?: typeof fetch): Promise<AiProvider> {
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
  if (!probe.reachable) {
    logger.info({ reason: probe.reason }, 'Ollama is not reachable: using the built-in offline AI provider');
    return new BuiltinProvider();
  }
  const missing = [ai.chatModel, ai.embedModel].filter((model) => !hasModel(probe.models, model));
  if (missing.length > 0) {
    logger.warn({ missing }, `Ollama lacks ${missing.join(' and ')} (ollama pull ${missing.join(' ')}): using the built-in offline AI provider`);
    return new BuiltinProvider();
  }
  logger.info({ chat: ai.chatModel, embedding: ai.embedModel }, 'using Ollama');
  return ollama();
}
