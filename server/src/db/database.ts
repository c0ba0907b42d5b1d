import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';

import type { Config } from '../config.js';
import { openEmbedded } from './embedded.js';
import type { DB } from './schema.js';

export type DatabaseMode = 'embedded' | 'external';

export interface Database {
  mode: DatabaseMode;
  pool: pg.Pool;
  db: Kysely<DB>;
  close(): Promise<void>;
}

// Postgres `date` columns are calendar days, not instants: keep them as 'yyyy-MM-dd' strings
// instead of letting pg turn them into midnight in the server's time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
// bigint counts (count(*)) fit comfortably in a JS number for this app's sizes.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

/** Connects to Postgres the way the config says; the same pool/Kysely code runs in both modes. */
export async function openDatabase(
  config: Config,
  logger: Logger,
  options: { embeddedOwnershipWaitMs?: number } = {},
): Promise<Database> {
  const embedded = config.databaseUrl
    ? undefined
    : await openEmbedded(config.dataDir, {
        maxConnections: config.dbPoolMax + 2,
        logger,
        ownershipWaitMs: options.embeddedOwnershipWaitMs,
      });

  const pool = new pg.Pool(
    embedded
      ? // One connection: PGlite runs one query at a time, and its socket server can interleave
        // the extended-protocol messages (Parse/Bind/Execute) of concurrent connections, which
        // breaks both ("bind message supplies 3 parameters…"). One pooled connection makes the
        // app's queries and transactions take turns instead.
        { host: embedded.socketDir, port: embedded.port, user: 'postgres', database: 'postgres', max: 1 }
      : { connectionString: config.databaseUrl, max: config.dbPoolMax, connectionTimeoutMillis: 5000 },
  );
  // An idle client losing its server (restart, network) must not crash the process; the pool
  // drops it and the next query opens a fresh connection.
  pool.on('error', (error) => logger.warn({ err: error }, 'database connection lost'));

  // The pool connects lazily; fail now, with the reason, rather than at the first request.
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end();
    await embedded?.close();
    throw error;
  }

  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    mode: embedded ? 'embedded' : 'external',
    pool,
    db,
    close: async () => {
      await db.destroy(); // ends the pool
      await embedded?.close();
    },
  };
}

/** A pg error that means "the database cannot be reached right now", as opposed to a bad query. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EPIPE', 'ENOENT', 'EHOSTUNREACH'].includes(code)) return true;
    // Class 08: connection exception; 57P01-57P03: admin shutdown, crash shutdown, cannot connect now.
    if (code.startsWith('08') || ['57P01', '57P02', '57P03'].includes(code)) return true;
  }
  return (
    typeof message === 'string' &&
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(message)
  );
}
