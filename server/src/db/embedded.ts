import { mkdir, open, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';

import type { Logger } from 'pino';

/**
 * The embedded database: PGlite (Postgres compiled to WebAssembly) with pgvector, kept in
 * `DATA_DIR/pgdata` and served over a unix socket in `DATA_DIR/run`, so the app talks to it with
 * the same `pg` pool, Kysely and session-store code as to an external Postgres.
 *
 * A PGlite data directory may be opened by one process only. The process that opens it writes
 * its pid to `DATA_DIR/embedded.pid`; any other process (the CLI while the server runs) finds a
 * live owner there and connects through the socket instead of opening the files itself.
 */

export interface EmbeddedEndpoint {
  /** Directory holding the `.s.PGSQL.5432` socket; `pg` takes it as `host`. */
  socketDir: string;
  port: number;
  /** True when this process opened the data directory (and must close it). */
  owner: boolean;
  close(): Promise<void>;
}

const SOCKET_PORT = 5432;

export function embeddedPaths(dataDir: string) {
  const socketDir = path.join(dataDir, 'run');
  return {
    pgdata: path.join(dataDir, 'pgdata'),
    lockFile: path.join(dataDir, 'embedded.pid'),
    socketDir,
    socketFile: path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`),
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** Takes the lock, or returns the pid of the live process that holds it. */
async function acquireLock(lockFile: string): Promise<{ acquired: true } | { acquired: false; ownerPid: number }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(lockFile, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return { acquired: true };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const ownerPid = Number.parseInt(await readFile(lockFile, 'utf8').catch(() => ''), 10);
    if (Number.isInteger(ownerPid) && ownerPid !== process.pid && isAlive(ownerPid)) return { acquired: false, ownerPid };
    // The owner died without cleaning up (or the file is half-written): the lock is stale.
    await rm(lockFile, { force: true });
  }
  throw new Error(`Could not take the embedded database lock ${lockFile}`);
}

async function waitForSocket(socketFile: string, ownerPid: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await exists(socketFile)) return;
    if (!isAlive(ownerPid)) throw new Error(`The process ${ownerPid} that held the embedded database exited`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out waiting for the embedded database socket ${socketFile} (held by process ${ownerPid})`);
}

export interface EmbeddedOptions {
  maxConnections: number;
  logger: Logger;
  /**
   * The server must own the data directory: if it borrowed another process's socket, the
   * database would vanish when that process (a CLI command, say) exits. It waits this long for
   * the owner to finish, then gives up. Unset: borrowing is fine (the CLI).
   */
  ownershipWaitMs?: number;
}

export class EmbeddedDatabaseBusyError extends Error {
  constructor(dataDir: string, ownerPid: number) {
    super(`The embedded database in ${dataDir} is in use by process ${ownerPid}. Stop it, or give this process another DATA_DIR.`);
    this.name = 'EmbeddedDatabaseBusyError';
  }
}

/** Data directories this process has open: a second context here borrows the socket, as another process would. */
const openHere = new Set<string>();

export async function openEmbedded(dataDir: string, options: EmbeddedOptions): Promise<EmbeddedEndpoint> {
  const paths = embeddedPaths(dataDir);
  await mkdir(paths.socketDir, { recursive: true });
  if (openHere.has(paths.pgdata) && options.ownershipWaitMs === undefined) {
    return { socketDir: paths.socketDir, port: SOCKET_PORT, owner: false, close: async () => {} };
  }

  let lock = await acquireLock(paths.lockFile);
  if (!lock.acquired && options.ownershipWaitMs !== undefined) {
    const deadline = Date.now() + options.ownershipWaitMs;
    while (!lock.acquired && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      lock = await acquireLock(paths.lockFile);
    }
    if (!lock.acquired) throw new EmbeddedDatabaseBusyError(dataDir, lock.ownerPid);
  }
  if (!lock.acquired) {
    options.logger.debug({ ownerPid: lock.ownerPid }, 'embedded database is open in another process; using its socket');
    await waitForSocket(paths.socketFile, lock.ownerPid, 60_000);
    return { socketDir: paths.socketDir, port: SOCKET_PORT, owner: false, close: async () => {} };
  }

  try {
    // Loaded lazily: production never pays for the WebAssembly build.
    const [{ PGlite }, { vector }, { PGLiteSocketServer }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite-pgvector'),
      import('@electric-sql/pglite-socket'),
    ]);
    const pglite = await PGlite.create({ dataDir: paths.pgdata, extensions: { vector } });
    await rm(paths.socketFile, { force: true });
    const server = new PGLiteSocketServer({
      db: pglite,
      path: paths.socketFile,
      // Each pool connection is one socket connection; the default of 1 starves the pool.
      maxConnections: options.maxConnections,
    });
    await server.start();
    openHere.add(paths.pgdata);
    options.logger.debug({ dataDir }, 'embedded database opened');

    let closed = false;
    return {
      socketDir: paths.socketDir,
      port: SOCKET_PORT,
      owner: true,
      close: async () => {
        if (closed) return;
        closed = true;
        openHere.delete(paths.pgdata);
        await server.stop();
        await pglite.close();
        await rm(paths.socketFile, { force: true });
        await rm(paths.lockFile, { force: true });
      },
    };
  } catch (error) {
    await rm(paths.lockFile, { force: true });
    throw error;
  }
}
