import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { projectRoot } from '../server/src/paths.js';

// The whisper-model one-shot of compose.yaml, run as compose runs it, against a local HTTP server
// standing in for the model host: a model is kept only when its SHA-256 matches, and the script
// never fails the stack.

const run = promisify(execFile);
const MODEL = Buffer.from('not really a ggml model, but bytes with a known hash');
const SHA = createHash('sha256').update(MODEL).digest('hex');

let server: Server;
let base: string;
let dir: string;
let hits = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    hits += 1;
    if (req.url === '/ggml-test.bin') res.end(MODEL);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kindred-whisper-model-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function fetchModel(env: Record<string, string>): Promise<string> {
  const { stdout } = await run(process.execPath, [path.join(projectRoot, 'docker/whisper-model.mjs')], {
    env: { PATH: process.env.PATH ?? '', WHISPER_MODELS_DIR: dir, WHISPER_SEED_DIR: path.join(dir, 'seed'), WHISPER_MODEL_FILE: 'ggml-test.bin', ...env },
  });
  return stdout;
}

it('downloads the model, keeps it only with the right hash, and does not fetch it twice', async () => {
  expect(await fetchModel({ WHISPER_MODEL_SHA256: SHA, WHISPER_MODEL_URL: `${base}/ggml-test.bin` })).toContain('ggml-test.bin downloaded (SHA-256 verified)');
  expect(Buffer.compare(await readFile(path.join(dir, 'ggml-test.bin')), MODEL)).toBe(0);
  const before = hits;
  expect(await fetchModel({ WHISPER_MODEL_SHA256: SHA, WHISPER_MODEL_URL: `${base}/ggml-test.bin` })).toContain('is in place (SHA-256 verified)');
  expect(hits).toBe(before);
});

it('discards a download with another hash, and exits 0 when the host is unreachable', async () => {
  const wrong = 'a'.repeat(64);
  expect(await fetchModel({ WHISPER_MODEL_SHA256: wrong, WHISPER_MODEL_URL: `${base}/ggml-test.bin` })).toContain('discarded');
  expect(await readdir(dir)).toEqual([]);
  // execFile rejects on a non-zero exit: resolving is the assertion that the stack goes on.
  expect(await fetchModel({ WHISPER_MODEL_SHA256: SHA, WHISPER_MODEL_URL: `${base}/missing.bin` })).toContain('could not fetch ggml-test.bin');
  expect(await readdir(dir)).toEqual([]);
});

it('takes a model copied by hand into docker/models when its hash matches (offline installs)', async () => {
  await mkdir(path.join(dir, 'seed'));
  await writeFile(path.join(dir, 'seed', 'ggml-test.bin'), MODEL);
  expect(await fetchModel({ WHISPER_MODEL_SHA256: SHA, WHISPER_MODEL_URL: `${base}/missing.bin` })).toContain('copied from docker/models (SHA-256 verified)');
  expect(Buffer.compare(await readFile(path.join(dir, 'ggml-test.bin')), MODEL)).toBe(0);
});
