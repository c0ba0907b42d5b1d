import { statfs } from 'node:fs/promises';
import path from 'node:path';

import { fail, ok, type Outcome, warn } from './check.js';

export interface FsSpace {
  /** Blocks an unprivileged process may still use, and all of them, in bytes. */
  free: number;
  total: number;
}

export type SpaceOf = (dir: string) => Promise<FsSpace>;

const GB = 1024 ** 3;
export const WARN_SHARE = 0.1;
export const WARN_BYTES = 2 * GB;
export const FAIL_SHARE = 0.02;

/**
 * The space of the filesystem that holds `dir`. A folder not made yet (the app makes DATA_DIR and
 * BACKUP_DIR when it first writes) is measured where it will be: its nearest existing parent.
 */
export const spaceOf: SpaceOf = async (dir) => {
  let at = path.resolve(dir);
  for (;;) {
    try {
      const fs = await statfs(at);
      return { free: fs.bavail * fs.bsize, total: fs.blocks * fs.bsize };
    } catch (error) {
      const parent = path.dirname(at);
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || parent === at) throw error;
      at = parent;
    }
  }
};

/** DATA_DIR (the embedded database, uploads on local disk, the outbox) and BACKUP_DIR. */
export async function checkDisk(dirs: { label: string; dir: string }[], space: SpaceOf = spaceOf): Promise<Outcome> {
  let worst: Outcome['status'] = 'ok';
  const parts: string[] = [];
  for (const { label, dir } of dirs) {
    const { free, total } = await space(dir);
    const share = total > 0 ? free / total : 0;
    if (share < FAIL_SHARE) worst = 'fail';
    else if ((share < WARN_SHARE || free < WARN_BYTES) && worst !== 'fail') worst = 'warn';
    parts.push(`${label} ${dir}: ${(free / GB).toFixed(1)} GB free of ${(total / GB).toFixed(1)} GB (${Math.floor(share * 100)} %)`);
  }
  const detail = parts.join('; ');
  if (worst === 'fail') return fail(`${detail}: below ${FAIL_SHARE * 100} % free, writes will soon fail; free space now`);
  if (worst === 'warn') return warn(`${detail}: below ${WARN_SHARE * 100} % or ${WARN_BYTES / GB} GB free`);
  return ok(detail);
}
