import { Ollama } from 'ollama';
import { AiError } from '../provider.js';

/**
 * The HTTP side shared by the provider and the boot probe: one `Ollama` client per call, bound to
 * that call's own abort signal, and the translation of whatever went wrong into an `AiError`.
 */

/** A non-2xx answer from Ollama, raised by our fetch wrapper before the client reads the body. */
export class OllamaHttpError extends Error {
  constructor(
    readonly status: number,
    /** Ollama itself answers errors in JSON; a plain-text error comes from something else. */
    readonly fromOllama: boolean,
  ) {
    super(`HTTP ${status}`);
    this.name = 'OllamaHttpError';
  }
}

/** The deadline of one provider call, plus the caller's own signal when it gave one. */
export interface CallSignals {
  /** Fires when either the caller gives up or the deadline passes. */
  readonly combined: AbortSignal;
  readonly deadline: AbortSignal;
  readonly caller: AbortSignal | undefined;
  readonly timeoutMs: number;
}

export function startCall(timeoutMs: number, caller?: AbortSignal): CallSignals {
  const deadline = AbortSignal.timeout(timeoutMs);
  const combined = caller ? AbortSignal.any([caller, deadline]) : deadline;
  return { combined, deadline, caller, timeoutMs };
}

/**
 * A client whose every request carries `signal`. The ollama client sends non-streaming requests
 * without any signal and only offers `abort()` per instance (which would cancel every call in
 * flight), so the signal is attached here instead and each call gets its own client.
 */
export function clientFor(url: string, signal: AbortSignal, baseFetch: typeof fetch = fetch): Ollama {
  const boundFetch: typeof fetch = async (input, init) => {
    const own = init?.signal ? AbortSignal.any([init.signal, signal]) : signal;
    const response = await baseFetch(input, { ...init, signal: own });
    if (!response.ok) {
      // Failing here, not in the client, keeps its console logging of non-JSON error bodies
      // (proxies, wrong port) out of our output, and frees the socket for reuse.
      const fromOllama = response.headers.get('content-type')?.includes('application/json') ?? false;
      await response.body?.cancel().catch(() => undefined);
      throw new OllamaHttpError(response.status, fromOllama);
    }
    return response;
  };
  return new Ollama({ host: url, fetch: boundFetch });
}

/** The URL as it may appear in messages and logs: without any user:password part. */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return url;
  }
}

export interface FailureContext {
  url: string;
  /** The model the call was for; absent for the model list. */
  model?: string;
  signals: CallSignals;
}

/**
 * What to throw for an error raised during a call. A caller's own abort is rethrown as its
 * reason, because it is the caller's decision and not a fault of the AI. Everything else becomes
 * an `AiError` whose message names the URL and model, and never includes request text.
 */
export function failureToThrow(error: unknown, context: FailureContext): unknown {
  if (error instanceof AiError) return error;
  const { caller, deadline, timeoutMs } = context.signals;
  if (caller?.aborted) return caller.reason;
  const where = `Ollama at ${displayUrl(context.url)}`;
  const forModel = context.model === undefined ? '' : ` for model "${context.model}"`;
  if (deadline.aborted) {
    return new AiError('timeout', `${where} did not answer within ${timeoutMs} ms${forModel}`);
  }
  if (error instanceof OllamaHttpError) return httpFailure(error, where, context.model);
  if (stringField(error, 'name') === 'SyntaxError') {
    // A 2xx body that is not JSON: something other than Ollama is listening there.
    return new AiError('unavailable', `${where} answered in an unknown format${forModel}`);
  }
  return new AiError('unavailable', `Could not reach ${where}${forModel} (${networkReason(error)})`, {
    cause: error,
  });
}

function httpFailure(error: OllamaHttpError, where: string, model: string | undefined): AiError {
  // Ollama answers a missing model with a JSON 404; a plain 404 means no such route at all.
  if (error.status === 404 && error.fromOllama && model !== undefined) {
    return new AiError('unavailable', `${where} has no model "${model}" (HTTP 404); run: ollama pull ${model}`);
  }
  const forModel = model === undefined ? '' : ` for model "${model}"`;
  const hint = error.fromOllama ? '' : ' (not an Ollama error: check the URL)';
  return new AiError('unavailable', `${where} answered HTTP ${error.status}${forModel}${hint}`);
}

/** Node's fetch says only "fetch failed"; the useful part (ECONNREFUSED, ENOTFOUND) is the cause. */
function networkReason(error: unknown): string {
  return stringField(field(error, 'cause'), 'code') ?? stringField(error, 'message') ?? 'unknown error';
}

/**
 * Fields of a thrown value are read by shape rather than `instanceof`: errors from fetch and JSON
 * parsing can come from another realm (as under jest's VM modules), where instanceof fails.
 */
function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null && name in value
    ? (value as Record<string, unknown>)[name]
    : undefined;
}

function stringField(value: unknown, name: string): string | undefined {
  const found = field(value, name);
  return typeof found === 'string' ? found : undefined;
}
