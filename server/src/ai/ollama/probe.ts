import { z } from 'zod';
import { AiError } from '../provider.js';
import { clientFor, displayUrl, failureToThrow, startCall } from './transport.js';

/**
 * The boot-time check behind AI_PROVIDER=auto: Kindred uses Ollama when it answers GET /api/tags,
 * and falls back to the builtin provider otherwise. It never throws: a probe answers yes or no.
 */

export type ProbeResult = { reachable: true; models: string[] } | { reachable: false; reason: string };

const tagsSchema = z.object({ models: z.array(z.object({ name: z.string() })) });

export async function probeOllama(url: string, timeoutMs: number, fetchImpl?: typeof fetch): Promise<ProbeResult> {
  const signals = startCall(timeoutMs);
  try {
    const reply = await clientFor(url, signals.combined, fetchImpl).list();
    const parsed = tagsSchema.safeParse(reply);
    if (!parsed.success) {
      return { reachable: false, reason: `Ollama at ${displayUrl(url)} sent a model list in an unknown format` };
    }
    return { reachable: true, models: parsed.data.models.map((model) => model.name) };
  } catch (error) {
    const failure = failureToThrow(error, { url, signals });
    return { reachable: false, reason: failure instanceof AiError ? failure.message : 'unknown error' };
  }
}

/**
 * Whether `name` is among `models` as /api/tags lists them. Ollama adds the ':latest' tag to
 * names given without one, so 'nomic-embed-text' and 'nomic-embed-text:latest' are the same model.
 */
export function hasModel(models: readonly string[], name: string): boolean {
  const wanted = canonicalModelName(name);
  return models.some((model) => canonicalModelName(model) === wanted);
}

/** Lower-cased (Ollama matches names case-insensitively), with ':latest' when there is no tag. */
export function canonicalModelName(name: string): string {
  const trimmed = name.trim().toLowerCase();
  // A registry host may carry a port ('host:5000/model'), so the tag is a ':' after the last '/'.
  const hasTag = trimmed.includes(':', trimmed.lastIndexOf('/') + 1);
  return hasTag ? trimmed : `${trimmed}:latest`;
}
