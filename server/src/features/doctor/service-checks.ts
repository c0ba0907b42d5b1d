import { stat } from 'node:fs/promises';
import path from 'node:path';

import { hasModel, probeOllama, type ProbeResult } from '../../ai/ollama/probe.js';
import { displayUrl } from '../../ai/ollama/transport.js';
import { whisperModelProblem } from '../../ai/speech/index.js';
import type { Config, StorageConfig } from '../../config.js';
import { fail, messageOf, ok, type Outcome, skip, warn } from './check.js';
import { readSmtpGreeting, type SmtpGreeting } from './smtp-greeting.js';

/** Each network probe's own deadline, inside the check's timeout, so its socket is closed by it. */
export const PROBE_TIMEOUT_MS = 5000;

export type OllamaProbe = (url: string, timeoutMs: number) => Promise<ProbeResult>;

export async function checkOllama(ai: Config['ai'], probe: OllamaProbe = probeOllama): Promise<Outcome> {
  if (ai.provider === 'builtin') return skip('AI_PROVIDER=builtin: the built-in offline AI runs');
  // Only an explicit AI_PROVIDER=ollama depends on it; auto falls back to the built-in AI at start.
  const explicit = ai.provider === 'ollama';
  const bad = explicit ? fail : warn;
  const fallback = explicit ? '' : '; with AI_PROVIDER=auto the built-in offline AI runs instead';
  const result = await probe(ai.ollamaUrl, PROBE_TIMEOUT_MS);
  if (!result.reachable) return bad(`${result.reason}${fallback}`);
  const missing = [ai.chatModel, ai.embedModel].filter((model) => !hasModel(result.models, model));
  if (missing.length > 0) return bad(`${displayUrl(ai.ollamaUrl)} lacks ${missing.join(' and ')}: ollama pull ${missing.join(' ')}${fallback}`);
  return ok(`${displayUrl(ai.ollamaUrl)} has ${ai.chatModel} and ${ai.embedModel}`);
}

export async function checkWhisper(speech: Config['speech']): Promise<Outcome> {
  const model = speech.whisperModel;
  if (!model) return skip('WHISPER_MODEL not set: the microphone is hidden');
  const problem = await whisperModelProblem(model);
  if (problem) return warn(`${problem}: the app hides the microphone`);
  const { size } = await stat(model);
  return ok(`${model} readable (${Math.round(size / 1_000_000)} MB)`);
}

export type SmtpProbe = (smtpUrl: string, timeoutMs: number) => Promise<SmtpGreeting>;

export async function checkSmtp(config: Pick<Config, 'smtpUrl' | 'dataDir'>, probe: SmtpProbe = readSmtpGreeting): Promise<Outcome> {
  if (!config.smtpUrl) return skip(`not configured: mail is written to ${path.join(config.dataDir, 'outbox')}`);
  const url = new URL(config.smtpUrl);
  // Never the credentials: the report may be pasted into a ticket.
  const where = `${url.protocol}//${url.host}`;
  let greeting;
  try {
    greeting = await probe(config.smtpUrl, PROBE_TIMEOUT_MS);
  } catch (error) {
    return fail(`cannot reach ${where}: ${messageOf(error)}`);
  }
  if (greeting.code !== 220) return fail(`${where} is not ready: "${greeting.line}"`);
  return ok(`${where} ready, "${greeting.line}" (${greeting.ms} ms)`);
}

export type S3Probe = (storage: Extract<StorageConfig, { kind: 's3' }>, signal: AbortSignal) => Promise<void>;

/** HeadBucket with the client the app uses (loaded only when a bucket is configured). */
const headBucket: S3Probe = async (storage, signal) => {
  const { S3Storage } = await import('../../storage/s3-storage.js');
  const store = new S3Storage(storage);
  try {
    await store.headBucket(signal);
  } finally {
    store.destroy();
  }
};

export async function checkS3(storage: StorageConfig, probe: S3Probe = headBucket): Promise<Outcome> {
  if (storage.kind !== 's3') return skip('not configured (uploads on local disk)');
  const where = `bucket ${storage.bucket} at ${storage.endpoint ?? `AWS ${storage.region}`}`;
  try {
    await probe(storage, AbortSignal.timeout(PROBE_TIMEOUT_MS));
  } catch (error) {
    return fail(`${where}: ${s3Reason(error)}`);
  }
  return ok(`${where} answers to these credentials`);
}

/** HeadBucket's errors carry no body, so the HTTP status is what says what is wrong. */
function s3Reason(error: unknown): string {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if (status === 404) return 'HTTP 404, no such bucket (create it, or fix S3_BUCKET and S3_ENDPOINT)';
  if (status === 403) return 'access denied (check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and the bucket policy)';
  if (status === 301) return 'the bucket is in another region (fix S3_REGION)';
  if ((error as Error).name === 'AbortError' || (error as Error).name === 'TimeoutError') return `no answer within ${PROBE_TIMEOUT_MS} ms`;
  const code = (error as NodeJS.ErrnoException).code;
  return status ? `HTTP ${status}` : code ? `${code} ${messageOf(error)}` : messageOf(error);
}

/** Stripe's keys by their shape only: no network call, so doctor never talks to Stripe. */
export function checkStripe(config: Pick<Config, 'env' | 'payments'>): Outcome {
  const { stripeSecretKey: key, stripeWebhookSecret: webhook, stripeApiUrl } = config.payments;
  if (!key && !webhook) return skip('not configured: payment buttons say payments are not configured');
  if (!key) return warn('STRIPE_WEBHOOK_SECRET is set without STRIPE_SECRET_KEY: payments stay off');
  const kind = /^(sk|rk)_(live|test)_/.exec(key);
  if (!kind) return fail('STRIPE_SECRET_KEY does not look like sk_live_…, sk_test_… or rk_…');
  if (webhook && !webhook.startsWith('whsec_')) return fail('STRIPE_WEBHOOK_SECRET does not look like whsec_…');
  const described = `${kind[0]}… key${webhook ? ', webhook secret whsec_…' : ''}`;
  if (kind[2] === 'test' && config.env === 'production') return warn(`${described}: a test key in production, so no payment is real`);
  if (stripeApiUrl && config.env === 'production') return warn(`${described}: STRIPE_API_URL sends Stripe's calls to ${stripeApiUrl}, a stand-in`);
  if (!webhook) return warn(`${described}, no STRIPE_WEBHOOK_SECRET: renewals, cancellations and refunds never arrive`);
  return ok(described);
}
