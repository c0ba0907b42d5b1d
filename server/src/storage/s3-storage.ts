import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

import type { StorageConfig } from '../config.js';
import { contentTypeOf, type FileStorage, isValidKey, type StorageInput, type StoredFile, type StoredObject, urlForKey } from './storage.js';

type S3Settings = Extract<StorageConfig, { kind: 's3' }>;

function assertKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

function isNotFound(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NotFound' || name === 'NoSuchKey' || $metadata?.httpStatusCode === 404;
}

/** The S3 connection settings a client needs: uploads' (S3_*) and off-host backups' (BACKUP_S3_*). */
export type S3ClientSettings = Pick<S3Settings, 'endpoint' | 'region' | 'accessKeyId' | 'secretAccessKey' | 'forcePathStyle'>;

export function createS3Client(settings: S3ClientSettings): S3Client {
  return new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    // Newer SDKs add CRC checksums to every PUT; S3-compatible services that predate them reject
    // the extra headers. Checksums only where the API requires them works with all of them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * Uploads in an S3-compatible bucket (SeaweedFS under the compose stack's s3 profile, the campus's own S3, AWS S3, Ceph, Garage), so every
 * app server behind the proxy reads what any of them stored. Objects are named by the same keys as
 * on local disk, flat in the bucket; the bucket stays private and /uploads/:key streams from it.
 */
export class S3Storage implements FileStorage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = createS3Client(settings);
  }

  async save(key: string, data: StorageInput): Promise<StoredFile> {
    assertKey(key);
    const ContentType = contentTypeOf(key);
    if (Buffer.isBuffer(data)) {
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data, ContentType }));
    } else if (data instanceof Readable) {
      // A PUT needs the length up front; a stream of unknown length is spooled to a temporary file
      // (never held in memory: it may be a video).
      const dir = await mkdtemp(path.join(os.tmpdir(), 'kindred-s3-'));
      try {
        const file = path.join(dir, 'body');
        await pipeline(data, createWriteStream(file));
        await this.putFile(key, file, ContentType);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    } else {
      await this.putFile(key, data.filePath, ContentType);
      await rm(data.filePath, { force: true });
    }
    return { key, url: urlForKey(key) };
  }

  private async putFile(key: string, file: string, ContentType: string): Promise<void> {
    const { size } = await stat(file);
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: createReadStream(file), ContentLength: size, ContentType }));
  }

  async remove(key: string): Promise<void> {
    assertKey(key);
    // S3 answers a delete of a missing object with success, as the interface wants.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async open(key: string): Promise<StoredObject | null> {
    if (!isValidKey(key)) return null;
    let head;
    try {
      head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
    return {
      key,
      size: head.ContentLength ?? 0,
      contentType: contentTypeOf(key),
      lastModified: head.LastModified ?? new Date(0),
      stream: (range) => this.streamOf(key, range),
    };
  }

  /** The object's bytes as a stream that is returned at once and fed when S3 answers. */
  private streamOf(key: string, range?: { start: number; end: number }): Readable {
    const out = new PassThrough();
    const controller = new AbortController();
    out.on('close', () => controller.abort());
    this.client
      .send(new GetObjectCommand({ Bucket: this.bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }), { abortSignal: controller.signal })
      .then(({ Body }) => pipeline(Body as Readable, out))
      .catch((error: unknown) => out.destroy(error as Error));
    return out;
  }

  async *keys(): AsyncIterable<string> {
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken }));
      for (const object of page.Contents ?? []) if (object.Key && isValidKey(object.Key)) yield object.Key;
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  /** For readiness: the bucket answers to our credentials. */
  async check(): Promise<void> {
    await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, MaxKeys: 1 }));
  }

  /** For `cli doctor`: the bucket exists and these credentials may use it. */
  async headBucket(abortSignal?: AbortSignal): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), { abortSignal });
  }

  destroy(): void {
    this.client.destroy();
  }
}
