/**
 * The whisper worker: one transcription in its own process, never in the server's. Loading
 * whisper-node changes the working directory, may run `make` synchronously to compile
 * whisper.cpp (about a minute) and calls process.exit(1) when that fails; here that only ends
 * this process.
 *
 * Protocol (whisper.adapter.ts speaks the other side; stand-ins in tests speak it too):
 *   stdin   one JSON object: { "wav": "/abs/audio.wav", "model": "/abs/ggml-model.bin", "language": "auto" }
 *           (the WAV is already PCM 16-bit mono 16 kHz)
 *   stdout  its last line is one JSON object: { "ok": true, "output": "<whisper.cpp's stdout>" }
 *           or { "ok": false, "error": "<why>" }; everything else goes to stderr
 *   exit    0 with ok:true, 1 otherwise
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';

import { whisperCppDir, whisperMainPath } from './whisper-cpp.js';

interface WorkerRequest {
  wav: string;
  model: string;
  language?: string;
}

// whisper-node and shelljs print progress on stdout: it all goes to stderr, the answer alone to stdout.
const answerOut = process.stdout.write.bind(process.stdout);
process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;
console.log = console.error;

function finish(answer: { ok: true; output: string } | { ok: false; error: string }): void {
  answerOut(`${JSON.stringify(answer)}\n`, () => process.exit(answer.ok ? 0 : 1));
}

async function readRequest(): Promise<WorkerRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const request = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Partial<WorkerRequest>;
  if (typeof request.wav !== 'string' || typeof request.model !== 'string') throw new Error('the request needs "wav" and "model"');
  return { wav: request.wav, model: request.model, language: request.language ?? 'auto' };
}

function loadWhisperNode(): void {
  const cwd = process.cwd();
  try {
    // Finds whisper.cpp's `main`, compiling it with make when missing (exits 1 if that fails).
    createRequire(import.meta.url)('whisper-node');
  } finally {
    process.chdir(cwd);
  }
}

function runMain(request: WorkerRequest): Promise<string> {
  // execFile, not whisper-node's shell string: paths with spaces or quotes stay one argument.
  const args = ['-m', request.model, '-f', request.wav, '-l', request.language ?? 'auto'];
  return new Promise((resolve, reject) => {
    execFile(whisperMainPath(), args, { cwd: whisperCppDir(), maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      // main says "error: failed to read WAV file" and still exits 0.
      const complaint = /^error: .*$/m.exec(stderr)?.[0];
      if (error || complaint) reject(new Error(complaint ?? `${error?.message ?? 'whisper.cpp failed'}\n${stderr.slice(-2000)}`));
      else resolve(stdout);
    });
  });
}

try {
  const request = await readRequest();
  loadWhisperNode();
  finish({ ok: true, output: await runMain(request) });
} catch (error) {
  finish({ ok: false, error: error instanceof Error ? error.message : String(error) });
}
