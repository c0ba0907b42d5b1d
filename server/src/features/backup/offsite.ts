import { constants } from 'node:fs';
import { access, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import path from 'node:path';

import type { Logger } from 'pino';

import type { OffsiteBackupConfig } from '../../config.js';
import { packArchive, unpackArchive } from './archive.js';
import { BackupBucket, parseS3Url } from './backup-bucket.js';
import { BACKUP_NAME, BackupError } from './backup-error.js';

/** The remote copies this code made: kindred-<time>-<id>.tar, or .tar.age when encrypted. */
const REMOTE_NAME = new RegExp(`^${BACKUP_NAME.source.slice(1, -1)}\\.tar(\\.age)?$`);

export interface PushedBackup {
  url: string;
  bytes: number;
  encrypted: boolean;
  /** Older remote copies deleted to keep BACKUP_S3_KEEP. */
  pruned: string[];
}

export interface RemoteBackup {
  url: string;
  bytes: number;
}

/** A backup downloaded and unpacked for a restore; `cleanup` removes every byte of it. */
export interface StagedBackup {
  folder: string;
  cleanup(): Promise<void>;
}

/**
 * Off-host copies of backups (BACKUP_S3_*): each backup folder goes to the bucket as one archive,
 * encrypted to the operators' age public keys. The private key never lives on the server: a
 * restore is given it (`--identity`) by whoever restores.
 */
export class OffsiteBackups {
  constructor(
    private readonly settings: OffsiteBackupConfig,
    private readonly logger: Logger,
  ) {}

  private url(bucket: string, key: string): string {
    return `s3://${bucket}/${key}`;
  }

  /** Streams `folder` to the bucket, then keeps the newest BACKUP_S3_KEEP copies. */
  async push(folder: string): Promise<PushedBackup> {
    const encrypted = this.settings.recipients.length > 0;
    const key = `${this.settings.prefix}${path.basename(folder)}.tar${encrypted ? '.age' : ''}`;
    const bucket = new BackupBucket(this.settings);
    try {
      const archive = packArchive(folder, this.settings.recipients);
      let bytes: number;
      try {
        bytes = await bucket.upload(key, archive.stream, archive.done);
      } catch (error) {
        archive.abort();
        throw error;
      }
      const url = this.url(bucket.bucket, key);
      const pruned = await this.prune(bucket).catch((error: Error) => {
        throw new Error(`the copy is at ${url}, but deleting the older copies failed (does the key lack delete rights?): ${error.message}`, { cause: error });
      });
      this.logger.info({ url, bytes, encrypted, pruned: pruned.length }, 'backup copied off the host');
      return { url, bytes, encrypted, pruned };
    } finally {
      bucket.destroy();
    }
  }

  private async prune(bucket: BackupBucket): Promise<string[]> {
    const all = await bucket.list(this.settings.prefix, REMOTE_NAME);
    const old = all.slice(0, Math.max(0, all.length - this.settings.keep));
    for (const { key } of old) await bucket.remove(key);
    return old.map(({ key }) => this.url(bucket.bucket, key));
  }

  /** The copies in the bucket, oldest first. */
  async list(): Promise<RemoteBackup[]> {
    const bucket = new BackupBucket(this.settings);
    try {
      return (await bucket.list(this.settings.prefix, REMOTE_NAME)).map(({ key, size }) => ({ url: this.url(bucket.bucket, key), bytes: size }));
    } finally {
      bucket.destroy();
    }
  }

  /**
   * Downloads `url` and unpacks it (decrypting with `identity`) into a new folder under `workRoot`,
   * streaming all the way. Any failure removes what was written and touches nothing else.
   */
  async fetch(url: string, identity: string | undefined, workRoot: string): Promise<StagedBackup> {
    const target = parseS3Url(url);
    if (!target) throw new BackupError(`${url} is not an s3://bucket/key address`);
    const encrypted = target.key.endsWith('.age');
    if (encrypted && !identity) {
      throw new BackupError(`${url} is encrypted: pass --identity <file>, the age key file (age-keygen) whose public key is in BACKUP_ENCRYPT_RECIPIENT`);
    }
    if (encrypted) {
      await access(identity!, constants.R_OK).catch((error: NodeJS.ErrnoException) => {
        throw new BackupError(`--identity ${identity}: cannot read it (${error.code ?? 'error'})`);
      });
    }
    await mkdir(workRoot, { recursive: true });
    const work = await mkdtemp(path.join(workRoot, '.restore-'));
    const cleanup = () => rm(work, { recursive: true, force: true });
    const bucket = new BackupBucket(this.settings);
    try {
      const body = await bucket.download(target.bucket, target.key);
      if (!body) throw new BackupError(`${url}: no such object in the bucket`);
      await unpackArchive(body, work, encrypted ? identity : undefined).catch((error: Error) => {
        if (/no identity matched/.test(error.message)) throw new BackupError(`${url} cannot be decrypted with ${identity}: it was encrypted to another key`);
        throw new BackupError(`${url} could not be ${encrypted ? 'decrypted and ' : ''}unpacked, so it is damaged or not a Kindred backup (${error.message})`);
      });
      const names = (await readdir(work)).filter((name) => BACKUP_NAME.test(name));
      if (names.length !== 1) throw new BackupError(`${url} is not a Kindred backup (no kindred-<time>-<id> folder inside)`);
      return { folder: path.join(work, names[0]!), cleanup };
    } catch (error) {
      await cleanup();
      throw error;
    } finally {
      bucket.destroy();
    }
  }
}
