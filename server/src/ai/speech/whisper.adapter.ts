import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import type { Logger } from 'pino';

import { SPEECH_MESSAGES, SpeechFailedError, SpeechUnavailableError, type SpeechToText } from './speech.js';
import { prepareWhisperWav } from './wav.js';
import { parseWhisperOutput } from './whisper-output.js';

/** How to start a worker process (see whisper-worker.ts for the protocol it speaks). */
export interface WorkerCommand {
  command: string;
  args: string[];
}

export interface WhisperOptions {
  /** Absolute path of the ggml model file. */
  model: string;
  /** A transcription still running after this long is killed (WHISPER_TIMEOUT_MS). */
  timeoutMs: number;
  logger: Logger;
  /** Default: whisper-worker.ts/.js next to this file; tests hand in stand-ins. */
  worker?: WorkerCommand;
  /** whisper.cpp's language: `auto` detects it (an English-only model always answers in English). */
  language?: string;
  /** Extra time for runs until one succeeds, while whisper.cpp may still need compiling. */
  buildAllowanceMs?: number;
  /** Requests that may wait for their turn; more are refused as busy (503). */
  maxWaiting?: number;
}

const STDERR_KEPT = 4000;

/**
 * The worker next to this file: whisper-worker.js in the build (dist/server/src/ai/speech), and
 * whisper-worker.ts through tsx when the server itself runs from source (tsx, jest).
 */
export function defaultWorkerCommand(): WorkerCommand {
  const here = fileURLToPath(import.meta.url);
  const extension = path.extname(here);
  const worker = path.join(path.dirname(here), `whisper-worker${extension}`);
  if (extension !== '.ts') return { command: process.execPath, args: [worker] };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { command: process.execPath, args: ['--import', tsx, worker] };
}

/**
 * whisper.cpp through whisper-node, one transcription at a time (it uses every core), each in a
 * fresh worker process killed — with anything it started — when it overruns the timeout or the
 * member goes away.
 */
export class WhisperSpeechToText implements SpeechToText {
  readonly available = true;
  private readonly worker: WorkerCommand;
  private readonly maxWaiting: number;
  private buildAllowanceMs: number;
  private tail: Promise<void> = Promise.resolve();
  private waiting = 0;
  private readonly running = new Set<ChildProcess>();

  constructor(private readonly options: WhisperOptions) {
    this.worker = options.worker ?? defaultWorkerCommand();
    this.maxWaiting = options.maxWaiting ?? 4;
    this.buildAllowanceMs = options.buildAllowanceMs ?? 0;
  }

  async transcribe(upload: Buffer, signal?: AbortSignal): Promise<string> {
    const wav = prepareWhisperWav(upload);
    return this.oneAtATime(signal, () => this.run(wav, signal));
  }

  close(): void {
    for (const child of this.running) killGroup(child);
  }

  private async oneAtATime<T>(signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
    if (this.waiting >= this.maxWaiting) throw new SpeechUnavailableError(SPEECH_MESSAGES.busy, 'speech_busy');
    const previous = this.tail;
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    this.tail = previous.then(() => mine);
    this.waiting += 1;
    try {
      await untilAborted(previous, signal);
    } catch (error) {
      release();
      throw error;
    } finally {
      this.waiting -= 1;
    }
    try {
      return await work();
    } finally {
      release();
    }
  }

  private async run(wav: Buffer, signal: AbortSignal | undefined): Promise<string> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'kindred-speech-'));
    try {
      const file = path.join(dir, 'audio.wav');
      await writeFile(file, wav);
      const output = await this.runWorker(dir, { wav: file, model: this.options.model, language: this.options.language ?? 'auto' }, signal);
      this.buildAllowanceMs = 0;
      return parseWhisperOutput(output);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  private runWorker(cwd: string, request: { wav: string; model: string; language: string }, signal: AbortSignal | undefined): Promise<string> {
    const { logger, timeoutMs } = this.options;
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new SpeechFailedError('the request was aborted'));
      // Its own process group, so a kill also ends whisper.cpp (or make) started by the worker.
      const child = spawn(this.worker.command, this.worker.args, { cwd, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
      this.running.add(child);
      let stdout = '';
      let stderr = '';
      let killedFor: string | undefined;
      const kill = (why: string) => {
        killedFor ??= why;
        killGroup(child);
      };
      const timer = setTimeout(() => kill(`timed out after ${timeoutMs + this.buildAllowanceMs} ms`), timeoutMs + this.buildAllowanceMs);
      const onAbort = () => kill('the request was aborted');
      signal?.addEventListener('abort', onAbort, { once: true });

      let settled = false;
      const settle = (failure: string | undefined, output = '') => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.running.delete(child);
        if (failure === undefined) return resolve(output);
        logger.warn({ reason: failure, workerStderr: stderr.slice(-STDERR_KEPT) }, 'speech recognition failed');
        reject(new SpeechFailedError(failure));
      };

      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-STDERR_KEPT)));
      child.stdin.on('error', () => undefined); // a worker that dies at once closes its stdin: the exit says why
      child.on('error', (error) => settle(`the worker could not start: ${error.message}`));
      child.on('close', (code, exitSignal) => {
        if (killedFor) return settle(killedFor);
        const answer = lastJsonLine(stdout);
        if (code === 0 && answer?.ok === true && typeof answer.output === 'string') return settle(undefined, answer.output);
        const said = typeof answer?.error === 'string' ? `: ${answer.error}` : '';
        settle(`the worker exited with ${exitSignal ?? `code ${code}`}${said}`);
      });
      child.stdin.end(`${JSON.stringify(request)}\n`);
    });
  }
}

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // No such group (it has ended): the worker alone, if it still runs.
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

function untilAborted(promise: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(new SpeechFailedError('the request was aborted'));
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new SpeechFailedError('the request was aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    void promise.then(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    });
  });
}

function lastJsonLine(stdout: string): { ok?: unknown; output?: unknown; error?: unknown } | undefined {
  const line = stdout.trimEnd().split('\n').at(-1);
  if (!line) return undefined;
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null ? (value as { ok?: unknown }) : undefined;
  } catch {
    return undefined;
  }
}
