import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';

import { type FileStorage, newKey, type StoredFile } from '../src/storage/storage.js';

// What every FileStorage must do, run against local disk (storage.test.ts) and S3 (s3-storage.test.ts).

/** Saves a buffer (png), a stream (webm) and a file moved in (mov), and reads the stream back whole and in part. */
export async function saveAndOpen(storage: FileStorage, scratchDir: string): Promise<{ a: StoredFile; b: StoredFile; c: StoredFile }> {
  const a = await storage.save(newKey('png'), Buffer.from('png bytes'));
  expect(a.url).toBe(`/uploads/${a.key}`);
  const b = await storage.save(newKey('webm'), Readable.from([Buffer.from('web'), Buffer.from('m!')]));
  const source = path.join(scratchDir, 'incoming.part');
  await writeFile(source, 'a video');
  const c = await storage.save(newKey('mov'), { filePath: source });
  expect(await readdir(scratchDir)).not.toContain('incoming.part');

  const opened = await storage.open(b.key);
  expect(opened).toMatchObject({ size: 5, contentType: 'video/webm' });
  expect(await text(opened!.stream())).toBe('webm!');
  expect(await text(opened!.stream({ start: 1, end: 2 }))).toBe('eb');
  return { a, b, c };
}

/** Removing twice is fine, and keys that are not ours name nothing and store nothing. */
export async function removeAndRefuse(storage: FileStorage, stored: StoredFile): Promise<void> {
  await storage.remove(stored.key);
  await storage.remove(stored.key); // already gone: fine
  expect(await storage.open(stored.key)).toBeNull();
  expect(await storage.open('../session-secret')).toBeNull();
  await expect(storage.save('../escape.png', Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);
}
