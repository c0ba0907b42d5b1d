import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { lstat, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

import type { Logger } from 'pino';

import type { Clock } from '../../clock.js';
import { isValidKey, type FileStorage } from '../../storage/storage.js';
import { BACKUP_NAME, BackupError } from './backup-error.js';
import type { BackupRepository } from './backup.repository.js';
import type { OffsiteBackups, PushedBackup, RemoteBackup } from './offsite.js';
import { pgDump, pgRestore, pgRestoreList } from './pg-tools.js';

export const BACKUP_FORMAT = 1;

/** manifest.json: what a backup holds, checked before anything is restored from it. */
export interface BackupManifest {
  format: number;
  createdAt: string;
  appVersion: string;
  /** The last migration of the dumped database; a restore into an older Kindred is refused by `migrate`. */
  migration: string | null;
  counts: Record<string, number>;
  files: number;
  dumpSha256: string;
}

export { BackupError };

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

interface Deps {
  repository: BackupRepository;
  storage: FileStorage;
  /** Unset: the embedded database, which is backed up by copying DATA_DIR while stopped. */
  databaseUrl: string | undefined;
  appVersion: string;
  clock: Clock;
  logger: Logger;
  /** Set (BACKUP_S3_BUCKET): every backup is also copied off the host, and s3:// restores work. */
  offsite: OffsiteBackups | undefined;
}

export interface RestoreOptions {
  /** The age key file that decrypts an encrypted off-host copy. */
  identity?: string;
  /** Where an off-host copy is downloaded and unpacked (default: the system's temporary folder). */
  workDir?: string;
}

export class BackupService {
  constructor(private readonly deps: Deps) {}

  private requireUrl(): string {
    if (!this.deps.databaseUrl) {
      throw new BackupError('Backups need DATABASE_URL (an external Postgres). The embedded database is backed up by copying DATA_DIR while Kindred is stopped.');
    }
    return this.deps.databaseUrl;
  }

  /**
   * Writes a new backup under `root` (a `.partial` folder renamed when complete, so a crash never
   * leaves something that looks whole), then keeps the newest `keep` backups.
   */
  async create(root: string, keep?: number): Promise<{ path: string; manifest: BackupManifest; pruned: string[]; offsite?: PushedBackup }> {
    const url = this.requireUrl();
    const now = this.deps.clock.now();
    const name = `kindred-${now.toISOString().replace(/[-:.]/g, '')}-${randomBytes(3).toString('hex')}`;
    const partial = path.join(root, `.partial-${name}`);
    await mkdir(path.join(partial, 'uploads'), { recursive: true });
    try {
      // Files first, then the database. Files are never changed, only added and removed, so the
      // one gap is a file uploaded between the two steps: its row is in the dump, the file is not
      // (the member sees a missing picture). Backups run at night, when that is rare.
      let files = 0;
      for await (const key of this.deps.storage.keys()) {
        const stored = await this.deps.storage.open(key);
        if (!stored) continue; // deleted since it was listed
        await pipeline(stored.stream(), createWriteStream(path.join(partial, 'uploads', key)));
        files += 1;
      }
      const dump = path.join(partial, 'database.dump');
      await pgDump(url, dump);
      const manifest: BackupManifest = {
        format: BACKUP_FORMAT,
        createdAt: now.toISOString(),
        appVersion: this.deps.appVersion,
        migration: await this.deps.repository.latestMigration(),
        counts: await this.deps.repository.counts(),
        files,
        dumpSha256: await sha256Of(dump),
      };
      await writeFile(path.join(partial, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
      const final = path.join(root, name);
      await rename(partial, final);
      const pruned = keep ? await this.prune(root, keep) : [];
      this.deps.logger.info({ backup: final, files, counts: manifest.counts, pruned: pruned.length }, 'backup written');
      return { path: final, manifest, pruned, offsite: await this.copyOffsite(final) };
    } catch (error) {
      await rm(partial, { recursive: true, force: true });
      throw error;
    }
  }

  /** The off-host copy of a complete backup; its failure fails the backup, which stays on disk. */
  private async copyOffsite(folder: string): Promise<PushedBackup | undefined> {
    if (!this.deps.offsite) return undefined;
    try {
      return await this.deps.offsite.push(folder);
    } catch (error) {
      throw new BackupError(`The backup was written to ${folder}, but copying it off the host failed: ${(error as Error).message}`, { cause: error });
    }
  }

  /** Complete backups under `root`, oldest first. */
  async list(root: string): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(root);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    return names.filter((n) => BACKUP_NAME.test(n)).sort();
  }

  /** The off-host copies in BACKUP_S3_BUCKET, oldest first. */
  async listOffsite(): Promise<RemoteBackup[]> {
    if (!this.deps.offsite) throw new BackupError('No off-host copies are configured: set BACKUP_S3_BUCKET (docs/operations.md, "Backups and restore")');
    return this.deps.offsite.list();
  }

  /** Deletes all but the newest `keep` backups; returns the deleted names. */
  async prune(root: string, keep: number): Promise<string[]> {
    const all = await this.list(root);
    const old = all.slice(0, Math.max(0, all.length - keep));
    for (const name of old) await rm(path.join(root, name), { recursive: true, force: true });
    return old;
  }

  /**
   * Restores a backup into this (empty) database and store: the dump's checksum is checked first,
   * the database is restored in one transaction (all or nothing), then the files are copied back.
   */
  async restore(from: string, options: RestoreOptions = {}): Promise<BackupManifest> {
    if (!from.startsWith('s3://')) return this.restoreFolder(from);
    if (!this.deps.offsite) throw new BackupError('Restoring from s3:// needs BACKUP_S3_BUCKET and the other BACKUP_S3_* settings (endpoint, credentials) of the bucket');
    // Before downloading what may be gigabytes: the same checks the restore makes again.
    this.requireUrl();
    await this.assertEmptyTarget();
    const staged = await this.deps.offsite.fetch(from, options.identity, options.workDir ?? os.tmpdir());
    try {
      return await this.restoreFolder(staged.folder);
    } finally {
      await staged.cleanup();
    }
  }

  private async assertEmptyTarget(): Promise<void> {
    const tables = await this.deps.repository.tableCount();
    if (tables > 0) throw new BackupError(`The target database is not empty (${tables} tables): restore into a new, empty database`);
  }

  private async restoreFolder(from: string): Promise<BackupManifest> {
    const url = this.requireUrl();
    let manifest: BackupManifest;
    try {
      manifest = JSON.parse(await readFile(path.join(from, 'manifest.json'), 'utf8')) as BackupManifest;
    } catch {
      throw new BackupError(`${from} is not a Kindred backup (no readable manifest.json)`);
    }
    if (manifest.format !== BACKUP_FORMAT) throw new BackupError(`Backup format ${manifest.format} is not one this version reads (${BACKUP_FORMAT})`);
    const dump = path.join(from, 'database.dump');
    if ((await sha256Of(dump).catch(() => null)) !== manifest.dumpSha256) throw new BackupError('database.dump does not match its checksum in manifest.json: the backup is damaged');
    await this.assertEmptyTarget();

    // The extension is the one object a non-superuser may not create from the dump; it is made
    // here (or already exists), and the dump's own CREATE/COMMENT EXTENSION entries are skipped.
    await this.deps.repository.ensureVectorExtension();
    const list = (await pgRestoreList(dump, url))
      .split('\n')
      .filter((line) => line.startsWith(';') || !/\bEXTENSION\b/.test(line))
      .join('\n');
    // In the temporary folder: the backup itself may be on a read-only mount.
    const listFile = path.join(os.tmpdir(), `kindred-restore-list-${randomBytes(6).toString('hex')}`);
    await writeFile(listFile, list);
    try {
      await pgRestore(url, dump, listFile);
    } finally {
      await rm(listFile, { force: true });
    }

    const uploads = path.join(from, 'uploads');
    for (const name of await readdir(uploads).catch(() => [] as string[])) {
      // Regular files only: an archive from a bucket could carry a symlink to a file of this host.
      if (!isValidKey(name) || !(await lstat(path.join(uploads, name))).isFile() || (await this.deps.storage.open(name))) continue;
      await this.deps.storage.save(name, createReadStream(path.join(uploads, name)));
    }
    const counts = await this.deps.repository.counts();
    this.deps.logger.info({ from, counts, expected: manifest.counts }, 'backup restored');
    return manifest;
  }
}
