import type { PostgresPool, PostgresPoolClient } from 'kysely';

import { isDatabaseUnavailable } from './unavailable.js';

/**
 * A statement the replica cancelled to replay the primary's changes ("canceling statement due to
 * conflict with recovery"): SQLSTATE 40001, which a single read-only statement gets from nothing
 * else. The primary answers it; the replica is not down.
 */
function isRecoveryConflict(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '40001';
}

/**
 * Kysely's pool for reads on the replica: a statement the replica cannot answer (it is gone, or
 * cancelled the statement to replay) runs again on the primary, so the request does not fail.
 * `fellBack` hears of each such statement (with the replica's error), so that an unreachable
 * replica gets no more reads until it is back.
 * Only single statements: a transaction half run on the replica cannot be finished on the primary,
 * so one is refused outright.
 */
export function fallbackPool(replica: PostgresPool, primary: PostgresPool, fellBack: (error: unknown) => void): PostgresPool {
  const onPrimary = async (text: string, values: unknown[] | undefined) => {
    const client = await primary.connect();
    try {
      return await client.query(text as never, values as never);
    } finally {
      client.release();
    }
  };
  return {
    connect: async () => {
      let client: PostgresPoolClient;
      try {
        client = await replica.connect();
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        fellBack(error);
        return primary.connect();
      }
      let released = false;
      const release = () => {
        if (!released) client.release();
        released = true;
      };
      return {
        query: (async (text: unknown, values?: unknown[]) => {
          // A cursor (Kysely's stream()) has already started on the replica: it is not run twice.
          if (typeof text !== 'string') return client.query(text as never, values as never);
          if (/^\s*begin\b/i.test(text)) throw new Error('reads on the replica are single statements; a transaction belongs on the primary');
          if (released) return onPrimary(text, values);
          try {
            return await client.query(text as never, values as never);
          } catch (error) {
            if (!isDatabaseUnavailable(error) && !isRecoveryConflict(error)) throw error;
            // Back to its pool at once (which drops it when broken), not held while the primary
            // answers: a held connection that dies between statements raises an 'error' event
            // that nobody listens to, and that ends the process.
            release();
            fellBack(error);
            return onPrimary(text, values);
          }
        }) as unknown as PostgresPoolClient['query'],
        release,
      };
    },
    // The primary's pool is ended by the primary's Kysely.
    end: () => replica.end(),
  };
}
