import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { removeAndRefuse, saveAndOpen } from '../../test/storage-contract.js';
import { LocalDiskStorage } from './local-disk-storage.js';
import { sniffImage, sniffVideo } from './sniff.js';
import { isValidKey, keyFromUrl, newKey, variantKey } from './storage.js';
import { parseRange } from './uploads.routes.js';

let dir: string;
let storage: LocalDiskStorage;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kindred-storage-'));
  storage = new LocalDiskStorage(path.join(dir, 'uploads'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('keys', () => {
  it('are 128 random bits in hex with a known extension, and nothing else passes', () => {
    const key = newKey('jpg');
    expect(key).toMatch(/^[0-9a-f]{32}\.jpg$/);
    expect(newKey('jpg')).not.toBe(key);
    expect(variantKey(key, 'thumb')).toBe(key.replace('.jpg', '.thumb.jpg'));
    expect(isValidKey(variantKey(key, 'thumb'))).toBe(true);
    for (const bad of ['../x.jpg', `${key}/`, `/${key}`, `${key.slice(1)}`, key.replace('.jpg', '.svg'), key.replace('.jpg', '.html'), `${key}\0`, key.toUpperCase()]) {
      expect(isValidKey(bad)).toBe(false);
    }
    expect(keyFromUrl(`/uploads/${key}`)).toBe(key);
    expect(keyFromUrl(`https://elsewhere.example/uploads/${key}`)).toBeNull();
    expect(keyFromUrl('/uploads/../../etc/passwd')).toBeNull();
  });
});

describe('LocalDiskStorage', () => {
  it('saves buffers, streams and files, opens them with their type and size, and removes them', async () => {
    const { a, b, c } = await saveAndOpen(storage, dir);
    expect((await storage.open(c.key))?.contentType).toBe('video/quicktime');
    expect(await readFile(path.join(dir, 'uploads', a.key), 'utf8')).toBe('png bytes');

    await removeAndRefuse(storage, a);
    await expect(storage.save(b.key, Buffer.from('x'))).rejects.toMatchObject({ code: 'EEXIST' });
  });
});

describe('parseRange', () => {
  it.each([
    [undefined, undefined],
    ['bytes=0-9', { start: 0, end: 9 }],
    ['bytes=5-', { start: 5, end: 99 }],
    ['bytes=-10', { start: 90, end: 99 }],
    ['bytes=90-500', { start: 90, end: 99 }],
    ['bytes=100-', null],
    ['bytes=9-3', null],
    ['bytes=0-1,5-6', undefined],
    ['items=0-1', undefined],
  ])('%s of 100 bytes', (header, expected) => {
    expect(parseRange(header, 100)).toEqual(expected);
  });
});

describe('sniffing', () => {
  it('knows images and videos by their first bytes only', () => {
    expect(sniffImage(Buffer.from('89504e470d0a1a0a0000', 'hex'))).toBe('png');
    expect(sniffImage(Buffer.from('ffd8ffe000104a464946', 'hex'))).toBe('jpeg');
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'))).toBe('webp');
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(Buffer.from('GIF89a'))).toBeNull();
    const ftyp = (brand: string) => Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from(`ftyp${brand}`, 'latin1'), Buffer.alloc(12)]);
    expect(sniffVideo(ftyp('isom'))).toBe('mp4');
    expect(sniffVideo(ftyp('qt  '))).toBe('mov');
    expect(sniffVideo(ftyp('heic'))).toBeNull();
    expect(sniffVideo(ftyp('avif'))).toBeNull();
    expect(sniffVideo(Buffer.concat([Buffer.from('1a45dfa3', 'hex'), Buffer.from('....B\x82\x84webm', 'latin1')]))).toBe('webm');
    expect(sniffVideo(Buffer.concat([Buffer.from('1a45dfa3', 'hex'), Buffer.from('....B\x82\x88matroska', 'latin1')]))).toBeNull();
  });
});
