import { constants as fsConstants, createReadStream, createWriteStream } from 'node:fs';
import { copyFile, link, mkdir, readdir, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { contentTypeOf, type FileStorage, isValidKey, type StorageInput, type StoredFile, type StoredObject, urlForKey } from './storage.js';

function assertKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

/** Files on the local disk, one flat folder (DATA_DIR/uploads), named by their keys. */
export class LocalDiskStorage implements FileStorage {
  private ready: Promise<unknown> | undefined;

  constructor(readonly dir: string) {}

  private ensureDir(): Promise<unknown> {
    this.ready ??= mkdir(this.dir, { recursive: true }).catch((error: unknown) => {
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }

  private pathOf(key: string): string {
    assertKey(key);
    return path.join(this.dir, key);
  }

  async save(key: string, data: StorageInput): Promise<StoredFile> {
    const target = this.pathOf(key);
    await this.ensureDir();
    if (Buffer.isBuffer(data)) {
      await writeFile(target, data, { flag: 'wx' });
    } else if (data instanceof Readable) {
      try {
        await pipeline(data, createWriteStream(target, { flags: 'wx' }));
      } catch (error) {
        await rm(target, { force: true });
        throw error;
      }
    } else {
      await this.moveIn(data.filePath, target);
    }
    return { key, url: urlForKey(key) };
  }

  /** A hard link when the file is on the same file system (else a copy), then the source goes; never overwrites. */
  private async moveIn(source: string, target: string): Promise<void> {
    try {
      await link(source, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      try {
        await copyFile(source, target, fsConstants.COPYFILE_EXCL);
      } catch (copyError) {
        await rm(target, { force: true });
        throw copyError;
      }
    }
    await rm(source, { force: true });
  }

  async remove(key: string): Promise<void> {
    try {
      await unlink(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }

  async open(key: string): Promise<StoredObject | null> {
    if (!isValidKey(key)) return null;
    const file = path.join(this.dir, key);
    let info;
    try {
      info = await stat(file);
    } catch {
      return null;
    }
    if (!info.isFile()) return null;
    return {
      key,
      size: info.size,
      contentType: contentTypeOf(key),
      lastModified: info.mtime,
      stream: (range) => createReadStream(file, range ? { start: range.start, end: range.end } : {}),
    };
  }

  async *keys(): AsyncIterable<string> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const name of names) if (isValidKey(name)) yield name;
  }
}
