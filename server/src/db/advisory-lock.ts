import { type Kysely, sql } from 'kysely';

/**
 * Runs `fn` on one connection while it holds a session-level advisory lock on `key`: of several
 * app replicas starting at once, one does the work and the others wait, then find it done.
 *
 * The lock is taken by polling pg_try_advisory_lock, never by waiting in pg_advisory_lock: a
 * backend blocked inside that statement holds a snapshot for as long as it waits, and CREATE INDEX
 * CONCURRENTLY (what the lock usually guards) waits for every older snapshot to go away, which
 * would be a deadlock between the two. Between polls the waiter holds no snapshot at all.
 * Session-level, not transaction-level, because CREATE INDEX CONCURRENTLY cannot run in a
 * transaction.
 */
export async function withAdvisoryLock<DB, T>(db: Kysely<DB>, key: string, fn: (connection: Kysely<DB>) => Promise<T>, pollMs = 250): Promise<T> {
  return db.connection().execute(async (connection) => {
    for (;;) {
      const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_lock(hashtext(${key})) AS locked`.execute(connection);
      if (rows[0]?.locked) break;
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
    try {
      return await fn(connection);
    } finally {
      await sql`SELECT pg_advisory_unlock(hashtext(${key}))`.execute(connection);
    }
  });
}
