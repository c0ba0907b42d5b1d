import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import pino from 'pino';

import { startS3StandIn, type S3StandIn } from '../../../test/s3-standin.js';
import type { OffsiteBackupConfig } from '../../config.js';
import { createS3Client } from '../../storage/s3-storage.js';
import { PART_BYTES } from './backup-bucket.js';
import { OffsiteBackups } from './offsite.js';

// The off-host copy without a database: folders to the bucket and back through tar, age and a
// multipart upload to s3rver. The whole drill, database and CLI included, is offsite-drill.test.ts.

const run = promisify(execFile);
const silent = pino({ enabled: false });

let s3: S3StandIn;
let client: S3Client;
let work: string;
let recipient: string;
let identity: string;

beforeAll(async () => {
  s3 = await startS3StandIn('kindred-offsite');
  client = createS3Client({ endpoint: s3.endpoint, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true });
  work = await mkdtemp(path.join(os.tmpdir(), 'kindred-offsite-'));
  identity = path.join(work, 'key.txt');
  await run('age-keygen', ['-o', identity]);
  recipient = /# public key: (age1\w+)/.exec(await readFile(identity, 'utf8'))![1]!;
});
afterAll(async () => {
  client.destroy();
  await s3.close();
  await rm(work, { recursive: true, force: true });
});

const settings = (more: Partial<OffsiteBackupConfig> = {}): OffsiteBackupConfig => ({
  bucket: s3.bucket,
  endpoint: s3.endpoint,
  region: 'us-east-1',
  prefix: 'kindred/',
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
  keep: 30,
  recipients: [],
  ...more,
});

let made = 0;
/** A folder shaped like a backup (the name is what matters here), with `bytes` of random data. */
async function backupFolder(bytes = 1000): Promise<string> {
  made += 1;
  const folder = path.join(work, `kindred-20261126T0${String(made).padStart(2, '0')}000000Z-abcdef`);
  await mkdir(path.join(folder, 'uploads'), { recursive: true });
  await writeFile(path.join(folder, 'manifest.json'), '{"format":1}\n');
  await writeFile(path.join(folder, 'uploads', 'data.bin'), randomBytes(bytes));
  return folder;
}

async function keys(): Promise<string[]> {
  const { Contents } = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
  return (Contents ?? []).map((object) => object.Key!).sort();
}

async function object(key: string): Promise<Buffer> {
  const { Body } = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
  return Buffer.from(await Body!.transformToByteArray());
}

it('streams a folder larger than one part as a plain tar, and unpacks it byte for byte', async () => {
  const folder = await backupFolder(PART_BYTES + 1024 * 1024);
  const offsite = new OffsiteBackups(settings({ prefix: 'plain/' }), silent);
  const pushed = await offsite.push(folder);
  expect(pushed).toMatchObject({ url: `s3://${s3.bucket}/plain/${path.basename(folder)}.tar`, encrypted: false, pruned: [] });
  expect(pushed.bytes).toBeGreaterThan(PART_BYTES);
  const stored = await object(`plain/${path.basename(folder)}.tar`);
  expect(stored.length).toBe(pushed.bytes);
  expect(stored.subarray(257, 262).toString()).toBe('ustar');

  const staged = await offsite.fetch(pushed.url, undefined, path.join(work, 'restores'));
  try {
    expect(path.basename(staged.folder)).toBe(path.basename(folder));
    expect(Buffer.compare(await readFile(path.join(staged.folder, 'uploads', 'data.bin')), await readFile(path.join(folder, 'uploads', 'data.bin')))).toBe(0);
  } finally {
    await staged.cleanup();
  }
  expect(await readdir(path.join(work, 'restores'))).toEqual([]);
});

it('encrypts to the recipient and keeps the newest copies, leaving other objects alone', async () => {
  await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'enc/notes.txt', Body: 'not a backup' }));
  await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'elsewhere/kindred-20260101T000000000Z-abcdef.tar', Body: 'another prefix' }));
  const offsite = new OffsiteBackups(settings({ prefix: 'enc/', keep: 2, recipients: [recipient] }), silent);
  const urls: string[] = [];
  const pruned: string[][] = [];
  for (let i = 0; i < 3; i += 1) {
    const pushed = await offsite.push(await backupFolder());
    expect(pushed.encrypted).toBe(true);
    urls.push(pushed.url);
    pruned.push(pushed.pruned);
  }
  expect(pruned).toEqual([[], [], [urls[0]]]);
  expect((await offsite.list()).map((copy) => copy.url)).toEqual(urls.slice(1));
  expect((await keys()).filter((key) => !key.startsWith('plain/'))).toEqual([
    'elsewhere/kindred-20260101T000000000Z-abcdef.tar',
    ...urls.slice(1).map((url) => url.slice(`s3://${s3.bucket}/`.length)),
    'enc/notes.txt',
  ].sort());
  const stored = await object(urls[2]!.slice(`s3://${s3.bucket}/`.length));
  expect(stored.subarray(0, 21).toString()).toBe('age-encryption.org/v1');

  const staged = await offsite.fetch(urls[2]!, identity, work);
  await expect(readFile(path.join(staged.folder, 'manifest.json'), 'utf8')).resolves.toBe('{"format":1}\n');
  await staged.cleanup();
});

it('leaves no object when the archive cannot be made', async () => {
  const offsite = new OffsiteBackups(settings({ prefix: 'broken/' }), silent);
  await expect(offsite.push(path.join(work, 'kindred-20261126T000000000Z-000000'))).rejects.toThrow(/^tar: .*No such file or directory/);
  expect((await keys()).filter((key) => key.startsWith('broken/'))).toEqual([]);
});

it('refuses what is missing, not an archive, or not a Kindred backup, and leaves nothing behind', async () => {
  const offsite = new OffsiteBackups(settings(), silent);
  const restores = path.join(work, 'refusals');
  await expect(offsite.fetch(`s3://${s3.bucket}/kindred/nothing.tar`, undefined, restores)).rejects.toThrow(`s3://${s3.bucket}/kindred/nothing.tar: no such object in the bucket`);
  await expect(offsite.fetch('https://example.com/x.tar', undefined, restores)).rejects.toThrow('https://example.com/x.tar is not an s3://bucket/key address');

  await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'kindred/garbage.tar', Body: randomBytes(4096) }));
  await expect(offsite.fetch(`s3://${s3.bucket}/kindred/garbage.tar`, undefined, restores)).rejects.toThrow(/could not be unpacked, so it is damaged or not a Kindred backup \(tar: /);

  const other = path.join(work, 'photos');
  await mkdir(other);
  await writeFile(path.join(other, 'a.jpg'), 'jpg');
  const { stdout } = await run('tar', ['-C', work, '-cf', '-', 'photos'], { encoding: 'buffer' });
  await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'kindred/photos.tar', Body: stdout }));
  await expect(offsite.fetch(`s3://${s3.bucket}/kindred/photos.tar`, undefined, restores)).rejects.toThrow('is not a Kindred backup (no kindred-<time>-<id> folder inside)');
  expect(await readdir(restores)).toEqual([]);
});
