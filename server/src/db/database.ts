import { createHash } from 'node:crypto';

import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';

import type { Config } from '../config.js';
import { openEmbedded } from './embedded.js';
import { ReadRouting, type ReplicaProbe } from './read-routing.js';
import { fallbackPool } from './replica-pool.js';
import type { DB } from './schema.js';

export type DatabaseMode = 'embedded' | 'external';

export interface Database {
  mode: DatabaseMode;
  pool: pg.Pool;
  db: Kysely<DB>;
  /** Where the reads that may lag a little go: a fresh read replica (DATABASE_REPLICA_URL), else `db`. */
  reads: ReadRouting;
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
  options: {
    embeddedOwnershipWaitMs?: number;
    /** Settings (`SET name = value`) each connection runs before its first query through Kysely. */
    connectionSettings?: Record<string, string>;
  } = {},
): Promise<Database> {
  const settings = setStatements(options.connectionSettings ?? {});
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

  // PGlite's socket server gets plain statements only (named statements are not worth the risk there).
  const primary = kyselyPool(pool, { prepare: !embedded, settings });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: primary }) });
  const replica = !embedded && config.databaseReplicaUrl ? openReplica(config, logger, { pool, primary, settings }, (error) => reads.fellBack(error)) : undefined;
  const reads: ReadRouting = new ReadRouting({ primary: db, replica, maxLagMs: config.replicaMaxLagMs, logger });
  // The first check before the first request, so a healthy replica is used from the start; an
  // unreachable one delays the start by at most the check's timeout.
  await reads.start();
  return {
    mode: embedded ? 'embedded' : 'external',
    pool,
    db,
    reads,
    close: async () => {
      await reads.close();
      await replica?.close();
      await db.destroy(); // ends the pool
      await embedded?.close();
    },
  };
}

/**
 * The replica's pool (connected lazily: a replica that is down at start delays nothing), its
 * Kysely, whose statements fall back to the primary, and what the health check asks both servers
 * (on a connection of its own, so a check never waits behind reads).
 */
function openReplica(
  config: Config,
  logger: Logger,
  primary: { pool: pg.Pool; primary: PostgresPool; settings: string },
  fellBack: (error: unknown) => void,
): { db: Kysely<DB>; probe: ReplicaProbe; close(): Promise<void> } {
  const connect = (max: number, name: string) => {
    const pool = new pg.Pool({
      connectionString: config.databaseReplicaUrl,
      max,
      // A replica that does not answer soon is skipped; the primary answers instead.
      connectionTimeoutMillis: 2000,
      // How an operator tells the app's reads and checks apart in the replica's pg_stat_activity.
      application_name: name,
    });
    pool.on('error', (error) => logger.warn({ err: error }, 'read replica: connection lost'));
    return pool;
  };
  const pool = connect(config.dbPoolMax, 'kindred-replica-reads');
  const checks = connect(1, 'kindred-replica-check');
  const replica = kyselyPool(pool, { prepare: true, settings: primary.settings });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: fallbackPool(replica, primary.primary, fellBack) }) });
  const probe: ReplicaProbe = {
    primaryLsn: async () => (await primary.pool.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')).rows[0]!.lsn,
    replica: async () => {
      const { rows } = await checks.query<{ in_recovery: boolean; replayed: string | null; replay_age_ms: number | null }>(
        `SELECT pg_is_in_recovery() AS in_recovery, pg_last_wal_replay_lsn()::text AS replayed,
          (extract(epoch FROM now() - pg_last_xact_replay_timestamp()) * 1000)::float8 AS replay_age_ms`,
      );
      const row = rows[0]!;
      return { inRecovery: row.in_recovery, replayedLsn: row.replayed, replayAgeMs: row.replay_age_ms };
    },
  };
  return {
    db,
    probe,
    close: async () => {
      await db.destroy(); // ends the reads' pool
      await checks.end();
    },
  };
}

/** `SET name = 'value'; …` for each setting, or '' for none. */
function setStatements(settings: Record<string, string>): string {
  return Object.entries(settings)
    .map(([name, value]) => {
      if (!/^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)?$/.test(name)) throw new Error(`not a setting name: ${name}`);
      return `SET ${name} = '${value.replaceAll("'", "''")}'`;
    })
    .join('; ');
}

/**
 * A statement that starts with this comment is prepared once per connection and then executed by
 * name, so Postgres parses it once and can keep its plan. For a hot statement whose planning is a
 * real share of its cost (search retrieval); anything else is sent as it is.
 */
export const PREPARE = '/* prepare */';

/**
 * The pool Kysely uses: each connection runs `settings` before its first query (once per
 * connection), and with `prepare`, PREPARE statements are sent as named statements.
 */
function kyselyPool(pool: pg.Pool, options: { prepare: boolean; settings: string }): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => ({
    // Kysely passes SQL and parameters, or a cursor; only marked SQL changes.
    query: ((text: unknown, values?: unknown[]) =>
      options.prepare && typeof text === 'string' && text.startsWith(PREPARE)
        ? client.query({ name: `kindred_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`, text, values })
        : client.query(text as never, values as never)) as unknown as PostgresPoolClient['query'],
    release: () => client.release(),
  });
  return {
    connect: async () => {
      const client = await pool.connect();
      let view = wrapped.get(client);
      if (!view) {
        // pg-pool listens for a connection's errors only while it is idle in the pool. One that
        // dies while handed out (a server stopped mid-statement) would raise an 'error' event
        // nobody hears, which ends the process; the statement on it fails with the error anyway.
        client.on('error', () => undefined);
        if (options.settings) {
          try {
            await client.query(options.settings);
          } catch (error) {
            client.release(error instanceof Error ? error : true);
            throw error;
          }
        }
        wrapped.set(client, (view = wrap(client)));
      }
      return view;
    },
    end: () => pool.end(),
  };
}

export { isDatabaseUnavailable } from './unavailable.js';
