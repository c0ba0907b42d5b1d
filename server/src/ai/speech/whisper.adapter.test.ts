import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import pino from 'pino';

import { createSpeechToText } from './index.js';
import { SpeechFailedError, UnavailableSpeechToText } from './speech.js';
import { encodeWav } from './wav.js';
import { WhisperSpeechToText, type WorkerCommand } from './whisper.adapter.js';

const standIn = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'test', 'whisper-worker-standin.mjs');
const logger = pino({ level: 'silent' });

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kindred-speech-test-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function worker(mode: string, report?: string): WorkerCommand {
  return { command: process.execPath, args: [standIn, mode, ...(report ? [report] : [])] };
}

/** Two seconds of a 300 Hz tone, 44.1 kHz stereo: what a phone might send. */
function recording(): Buffer {
  const frames = 2 * 44_100;
  const samples = new Int16Array(frames * 2);
  for (let f = 0; f < frames; f++) samples[2 * f] = samples[2 * f + 1] = Math.round(8000 * Math.sin((2 * Math.PI * 300 * f) / 44_100));
  return encodeWav(samples, 44_100, 2);
}

/** Running, not merely a zombie waiting for init to reap it. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

async function untilWritten(file: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await readFile(file).then(() => true, () => false)) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${file} was never written`);
}

async function failure(promise: Promise<unknown>): Promise<SpeechFailedError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SpeechFailedError);
  return error as SpeechFailedError;
}

describe('whisper adapter with stand-in workers', () => {
  it('hands the worker 16 kHz mono WAV in a temp file and reads its answer as plain text', async () => {
    const report = path.join(dir, 'ok.json');
    const speech = new WhisperSpeechToText({ model: '/models/ggml-base.bin', timeoutMs: 10_000, logger, worker: worker('ok', report) });
    expect(await speech.transcribe(recording())).toBe('Hello there, how are you?我喜欢徒步');

    const seen = JSON.parse(await readFile(report, 'utf8'));
    expect(seen.request).toEqual({ wav: expect.stringMatching(/audio\.wav$/), model: '/models/ggml-base.bin', language: 'auto' });
    expect(seen.wav).toEqual({ riff: 'RIFFWAVE', channels: 1, sampleRate: 16_000, bits: 16, samples: 32_000 });
    expect(seen.cwd).toBe(path.dirname(seen.request.wav));
    await expect(readFile(seen.request.wav)).rejects.toThrow(/ENOENT/); // the temp file is gone
  });

  it('refuses bad audio before starting any worker', async () => {
    const speech = new WhisperSpeechToText({ model: '/m.bin', timeoutMs: 10_000, logger, worker: { command: '/nonexistent', args: [] } });
    await expect(speech.transcribe(Buffer.from('OggS....', 'latin1'))).rejects.toMatchObject({ status: 415 });
  });

  it.each([
    ['fail', /exited with code 1: error: failed to initialize whisper context/],
    ['crash', /exited with code 1$/],
    ['garbage', /exited with code 0$/],
  ])('a worker that fails (%s) becomes 502 speech_failed', async (mode, reason) => {
    const speech = new WhisperSpeechToText({ model: '/m.bin', timeoutMs: 10_000, logger, worker: worker(mode) });
    const error = await failure(speech.transcribe(recording()));
    expect(error).toMatchObject({ status: 502, code: 'speech_failed', message: 'Speech recognition failed. Please try again.' });
    expect(error.reason).toMatch(reason);
  });

  it('a worker that cannot start becomes 502', async () => {
    const speech = new WhisperSpeechToText({ model: '/m.bin', timeoutMs: 10_000, logger, worker: { command: path.join(dir, 'missing-node'), args: [] } });
    expect((await failure(speech.transcribe(recording()))).reason).toMatch(/could not start.*ENOENT/);
  });

  it('kills a worker that overruns the timeout, and what it started', async () => {
    const report = path.join(dir, 'hang.json');
    const hanging = new WhisperSpeechToText({ model: '/m.bin', timeoutMs: 1500, logger, worker: worker('hang', report) });
    const started = Date.now();
    expect((await failure(hanging.transcribe(recording()))).reason).toBe('timed out after 1500 ms');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);

    const { pid, grandchild } = JSON.parse(await readFile(report, 'utf8')) as { pid: number; grandchild: number };
    expect(alive(pid)).toBe(false);
    for (let i = 0; i < 20 && alive(grandchild); i++) await new Promise((r) => setTimeout(r, 50));
    expect(alive(grandchild)).toBe(false);
  });

  it('runs one transcription at a time; a request given up while waiting leaves the queue', async () => {
    const report = path.join(dir, 'queue.json');
    const command = worker('hang', report);
    const speech = new WhisperSpeechToText({ model: '/m.bin', timeoutMs: 3000, logger, worker: command, maxWaiting: 1 });
    const first = failure(speech.transcribe(recording()));
    await untilWritten(report);
    command.args[1] = 'ok'; // whatever starts from now on answers
    const gaveUp = new AbortController();
    const second = failure(speech.transcribe(recording(), gaveUp.signal));
    // A third would wait too: more than maxWaiting are told the server is busy.
    await expect(speech.transcribe(recording())).rejects.toMatchObject({ status: 503, code: 'speech_busy' });
    gaveUp.abort();
    expect((await second).reason).toBe('the request was aborted');
    expect((await first).reason).toBe('timed out after 3000 ms');
    expect(await speech.transcribe(recording())).toBe('Hello there, how are you?我喜欢徒步'); // the turn was handed on
  });

  it('stops a running worker when the member goes away', async () => {
    const report = path.join(dir, 'abort.json');
    const speech = new WhisperSpeechToText({ model: '/m.bin', timeoutMs: 20_000, logger, worker: worker('hang', report) });
    const gone = new AbortController();
    const pending = failure(speech.transcribe(recording(), gone.signal));
    await untilWritten(report);
    gone.abort();
    expect((await pending).reason).toBe('the request was aborted');
    const { pid } = JSON.parse(await readFile(report, 'utf8')) as { pid: number };
    expect(alive(pid)).toBe(false);
  });
});

describe('createSpeechToText', () => {
  const settings = (whisperModel: string | undefined) => ({ speech: { whisperModel, timeoutMs: 1000 } });

  it('is unavailable without WHISPER_MODEL, or with a file that is missing or not a ggml model', async () => {
    const none = await createSpeechToText(settings(undefined), logger);
    expect(none).toBeInstanceOf(UnavailableSpeechToText);
    expect(none).toMatchObject({ available: false, reason: 'WHISPER_MODEL is not set' });
    await expect(none.transcribe(recording())).rejects.toMatchObject({ status: 503, code: 'speech_unavailable' });

    const missing = path.join(dir, 'ggml-missing.bin');
    expect(await createSpeechToText(settings(missing), logger)).toMatchObject({ available: false, reason: `the model file WHISPER_MODEL (${missing}) does not exist` });
    expect(await createSpeechToText(settings(dir), logger)).toMatchObject({ available: false, reason: `WHISPER_MODEL (${dir}) is not a file` });
    const notModel = path.join(dir, 'notes.txt');
    await writeFile(notModel, 'not a model');
    expect(await createSpeechToText(settings(notModel), logger)).toMatchObject({
      available: false,
      reason: `WHISPER_MODEL (${notModel}) is not a whisper.cpp ggml model file`,
    });
  });

  it('is available with a ggml model file, without loading it', async () => {
    const model = path.join(dir, 'ggml-tiny.bin');
    await writeFile(model, Buffer.concat([Buffer.from('lmgg', 'latin1'), Buffer.alloc(64)]));
    const speech = await createSpeechToText(settings(model), logger, { worker: worker('ok') });
    expect(speech).toBeInstanceOf(WhisperSpeechToText);
    expect(speech.available).toBe(true);
    expect(await speech.transcribe(recording())).toBe('Hello there, how are you?我喜欢徒步');
  });
});
