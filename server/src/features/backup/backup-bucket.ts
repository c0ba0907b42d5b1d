import type { Readable } from 'node:stream';

import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  type S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';

import type { OffsiteBackupConfig } from '../../config.js';
import { createS3Client } from '../../storage/s3-storage.js';

/**
 * One part in memory at a time. S3 wants at least 5 MiB per part but the last, and at most 10,000
 * parts: 16 MiB parts carry archives up to 156 GiB.
 */
export const PART_BYTES = 16 * 1024 * 1024;

export interface RemoteObject {
  key: string;
  size: number;
}

/** s3://bucket/key, as printed after a backup and passed to `restore --from`. */
export function parseS3Url(url: string): { bucket: string; key: string } | null {
  const match = /^s3:\/\/([^/]+)\/(.+)$/.exec(url);
  return match ? { bucket: match[1]!, key: match[2]! } : null;
}

function isNotFound(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}

/** The bucket that holds off-host backups (BACKUP_S3_*): streamed uploads, listing, deletion, download. */
export class BackupBucket {
  private readonly client: S3Client;

  constructor(private readonly settings: OffsiteBackupConfig) {
    this.client = createS3Client(settings);
  }

  get bucket(): string {
    return this.settings.bucket;
  }

  /**
   * Streams `body` into `key` as a multipart upload, part by part (reading pauses while a part is
   * sent, so the producer waits too). The upload is completed only once `complete` resolves (the
   * producer exited cleanly); otherwise it is aborted and no object appears.
   */
  async upload(key: string, body: Readable, complete: Promise<void>): Promise<number> {
    const { UploadId } = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: 'application/octet-stream' }));
    const parts: { ETag: string; PartNumber: number }[] = [];
    let bytes = 0;
    try {
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const send = async () => {
        const PartNumber = parts.length + 1;
        const Body = Buffer.concat(pending, pendingBytes);
        pending = [];
        pendingBytes = 0;
        const { ETag } = await this.client.send(new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId, PartNumber, Body, ContentLength: Body.length }));
        parts.push({ ETag: ETag!, PartNumber });
      };
      for await (const chunk of body as AsyncIterable<Buffer>) {
        pending.push(chunk);
        pendingBytes += chunk.length;
        bytes += chunk.length;
        if (pendingBytes >= PART_BYTES) await send();
      }
      await complete;
      // An empty archive never happens (tar writes at least its end blocks), but S3 needs one part.
      if (pendingBytes > 0 || parts.length === 0) await send();
      await this.client.send(new CompleteMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId, MultipartUpload: { Parts: parts } }));
      return bytes;
    } catch (error) {
      // Best effort: a bucket lifecycle rule for incomplete uploads cleans up what this misses.
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId })).catch(() => undefined);
      throw error;
    }
  }

  /** Every object under `prefix` whose name (after the prefix) matches `name`, in key order. */
  async list(prefix: string, name: RegExp): Promise<RemoteObject[]> {
    const found: RemoteObject[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken }));
      for (const object of page.Contents ?? []) {
        if (object.Key && name.test(object.Key.slice(prefix.length))) found.push({ key: object.Key, size: object.Size ?? 0 });
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** The object's bytes as a stream, or null when there is no such object. */
  async download(bucket: string, key: string): Promise<Readable | null> {
    try {
      const { Body } = await this.client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return Body as Readable;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  destroy(): void {
    this.client.destroy();
  }
}
