// The whisper-model one-shot of compose.yaml: puts the whisper.cpp ggml model the app uses for
// speech-to-text into the models volume, checked against its SHA-256 before it is used, and never
// fails the stack (it always exits 0; without the model the app hides the microphone).
//
//   WHISPER_MODEL_FILE    the model's file name (default ggml-base.en.bin)
//   WHISPER_MODEL_SHA256  its SHA-256, 64 hex digits (compose.yaml has the default model's)
//   WHISPER_MODEL_URL     where to download it (default: whisper.cpp's models on Hugging Face)
//   WHISPER_MODELS_DIR    the volume (default /models); WHISPER_SEED_DIR: docker/models (default
//                         /seed), where a model copied by hand is taken from (offline installs)
//
// A file already in place with the right hash is kept as it is; a download is written beside the
// target and renamed only once its hash matched, so the app never sees half a model.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const file = process.env.WHISPER_MODEL_FILE || 'ggml-base.en.bin';
const expected = (process.env.WHISPER_MODEL_SHA256 || '').trim().toLowerCase();
const url = process.env.WHISPER_MODEL_URL || `https://huggingface.co/ggerganov/whisper.cpp/resolve/main/${encodeURIComponent(file)}`;
const modelsDir = process.env.WHISPER_MODELS_DIR || '/models';
const seedDir = process.env.WHISPER_SEED_DIR || '/seed';
const timeoutMs = Number(process.env.WHISPER_MODEL_TIMEOUT_MS) || 30 * 60_000;

const log = (message) => console.log(`whisper-model: ${message}`);

/** The file's SHA-256 in hex, or undefined when there is no such file. */
async function sha256Of(filePath) {
  const hash = createHash('sha256');
  try {
    for await (const chunk of createReadStream(filePath)) hash.update(chunk);
  } catch (error) {
    if (error.code === 'ENOENT' || error.code === 'EISDIR') return undefined;
    throw error;
  }
  return hash.digest('hex');
}

async function download(part) {
  const response = await fetch(url, { redirect: 'follow', signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok || !response.body) throw new Error(`${url} answered HTTP ${response.status}`);
  const hash = createHash('sha256');
  const hashing = new Transform({
    transform(chunk, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  await pipeline(Readable.fromWeb(response.body), hashing, createWriteStream(part, { mode: 0o644 }));
  return hash.digest('hex');
}

async function main() {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(file)) {
    log(`WHISPER_MODEL_FILE must be a plain file name, not "${file}"; nothing done`);
    return;
  }
  if (!/^[0-9a-f]{64}$/.test(expected)) {
    log(`WHISPER_MODEL_SHA256 must be the SHA-256 of ${file} (64 hex digits); nothing done`);
    return;
  }
  const target = path.join(modelsDir, file);
  const present = await sha256Of(target);
  if (present === expected) {
    log(`${file} is in place (SHA-256 verified)`);
    return;
  }
  if (present) log(`${file} in the volume has SHA-256 ${present}, not WHISPER_MODEL_SHA256; fetching it again`);

  const part = `${target}.part`;
  try {
    const seed = path.join(seedDir, file);
    const seeded = await sha256Of(seed);
    if (seeded === expected) {
      await copyFile(seed, part);
      await rename(part, target);
      log(`${file} copied from docker/models (SHA-256 verified)`);
      return;
    }
    if (seeded) log(`docker/models/${file} has SHA-256 ${seeded}, not WHISPER_MODEL_SHA256; ignored`);

    log(`downloading ${file} from ${url}`);
    const got = await download(part);
    if (got !== expected) {
      await rm(part, { force: true });
      log(`the download has SHA-256 ${got}, not WHISPER_MODEL_SHA256 ${expected}: discarded`);
      return;
    }
    await rename(part, target);
    log(`${file} downloaded (SHA-256 verified)`);
  } catch (error) {
    await rm(part, { force: true }).catch(() => {});
    log(`could not fetch ${file} (${error instanceof Error ? error.message : String(error)})`);
    log(`speech-to-text stays off until it is in place (or copy it to docker/models/ and run this again); the stack goes on`);
  }
}

try {
  await main();
} catch (error) {
  log(`failed: ${error instanceof Error ? error.message : String(error)}; the stack goes on`);
}
process.exitCode = 0;
