import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. The local-disk implementation keeps them under DATA_DIR/uploads; an
 * S3-compatible one (s3-storage.ts) replaces it when S3_BUCKET is set. Keys are chosen here (random, never derived
 * from anything a member sent) and every key is checked against KEY_PATTERN before it is used,
 * so a key can never name a path outside the store.
 */
export interface FileStorage {
  /** Stores `data` under `key` (made with newKey/variantKey) and returns the key and its public URL. */
  save(key: string, data: StorageInput): Promise<StoredFile>;
  /** Deletes the file; a missing file is not an error. */
  remove(key: string): Promise<void>;
  /** The file for reading, or null when the key is malformed or nothing is stored under it. */
  open(key: string): Promise<StoredObject | null>;
  /** Every stored key (for backups), in no particular order. */
  keys(): AsyncIterable<string>;
}

/** What can be stored: bytes in memory, a stream, or a local file that is moved into the store. */
export type StorageInput = Buffer | Readable | { filePath: string };

export interface StoredFile {
  key: string;
  /** The path the file is served at: `/uploads/<key>`. */
  url: string;
}

export interface StoredObject {
  key: string;
  size: number;
  contentType: string;
  lastModified: Date;
  /** The bytes, all of them or an inclusive range. */
  stream(range?: { start: number; end: number }): Readable;
}

/** File extensions the store accepts, with the Content-Type each is served with. */
export const CONTENT_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
} as const;

export type StoredExtension = keyof typeof CONTENT_TYPES;

/** 32 lower-case hex characters (128 random bits), an optional variant, an extension. */
const KEY_PATTERN = /^[0-9a-f]{32}(?:\.(?:thumb))?\.(?:png|jpg|webp|mp4|mov|webm)$/;

export const UPLOADS_URL_PREFIX = '/uploads/';

export function isValidKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function newKey(extension: StoredExtension): string {
  return `${randomBytes(16).toString('hex')}.${extension}`;
}

export type Variant = 'thumb';

/** The key of a variant of a stored file (its thumbnail): `<id>.thumb.<ext>`. */
export function variantKey(key: string, variant: Variant, extension?: StoredExtension): string {
  const [id, ext] = [key.slice(0, 32), key.slice(key.lastIndexOf('.') + 1)];
  return `${id}.${variant}.${extension ?? ext}`;
}

export function urlForKey(key: string): string {
  return `${UPLOADS_URL_PREFIX}${key}`;
}

/** The key behind one of our public URLs; null for anything else (an outside URL, say). */
export function keyFromUrl(url: string): string | null {
  if (!url.startsWith(UPLOADS_URL_PREFIX)) return null;
  const key = url.slice(UPLOADS_URL_PREFIX.length);
  return isValidKey(key) ? key : null;
}

export function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1) as StoredExtension;
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}

/**
 * Every stored file behind a set of our URLs: each file and the thumbnail an image may have
 * (removing a key that was never stored is harmless). Outside URLs name nothing of ours.
 */
export function storedKeysOf(urls: Iterable<string | null | undefined>): string[] {
  const keys = new Set<string>();
  for (const url of urls) {
    const key = url ? keyFromUrl(url) : null;
    if (!key) continue;
    keys.add(key);
    if (/\.(?:png|jpg|webp)$/.test(key) && !key.includes('.thumb.')) keys.add(variantKey(key, 'thumb'));
  }
  return [...keys];
}
