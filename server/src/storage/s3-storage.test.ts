import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';

import { startS3StandIn, type S3StandIn } from '../../test/s3-standin.js';
import { removeAndRefuse, saveAndOpen } from '../../test/storage-contract.js';
import { loadConfig } from '../config.js';
import { createStorage } from './create-storage.js';
import { S3Storage } from './s3-storage.js';
import { newKey } from './storage.js';

let s3: S3StandIn;
let storage: S3Storage;
let dir: string;

beforeAll(async () => {
  s3 = await startS3StandIn();
  storage = (await createStorage(loadConfig(s3.env))) as S3Storage;
});
afterAll(async () => {
  storage.destroy();
  await s3.close();
});
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kindred-s3-test-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

it('is what createStorage makes when S3_BUCKET is set, and the bucket answers', async () => {
  expect(storage).toBeInstanceOf(S3Storage);
  await expect(storage.check()).resolves.toBeUndefined();
});

it('saves buffers, streams and files over S3, opens them with type and size, ranges, lists and removes them', async () => {
  const { a, b, c } = await saveAndOpen(storage, dir);
  const opened = await storage.open(b.key);
  expect(opened).toMatchObject({ key: b.key });
  expect(opened!.lastModified).toBeInstanceOf(Date);
  expect(await text((await storage.open(c.key))!.stream())).toBe('a video');
  expect(await text((await storage.open(a.key))!.stream())).toBe('png bytes');

  const listed: string[] = [];
  for await (const key of storage.keys()) listed.push(key);
  expect(listed.sort()).toEqual([a.key, b.key, c.key].sort());

  await removeAndRefuse(storage, a);
});

it('reports a stream error when the object vanished between open and read', async () => {
  const { key } = await storage.save(newKey('jpg'), Buffer.from('jpg'));
  const opened = await storage.open(key);
  await storage.remove(key);
  await expect(text(opened!.stream())).rejects.toThrow();
});

it('fails loudly when the bucket is not there instead of pretending to store', async () => {
  const wrong = (await createStorage(loadConfig({ ...s3.env, S3_BUCKET: 'no-such-bucket' }))) as S3Storage;
  try {
    await expect(wrong.save(newKey('png'), Buffer.from('x'))).rejects.toThrow();
    await expect(wrong.check()).rejects.toThrow();
  } finally {
    wrong.destroy();
  }
});
