import { type Kysely, sql } from 'kysely';

import type { DB } from '../db/schema.js';

export class RateLimitRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Counts one hit in the window and returns the window's total, atomically. */
  async hit(key: string, windowStart: Date): Promise<number> {
    const row = await this.db
      .insertInto('rate_limit_hits')
      .values({ key, window_start: windowStart, hits: 1 })
      .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ hits: sql`rate_limit_hits.hits + 1` }))
      .returning('hits')
      .executeTakeFirstOrThrow();
    return row.hits;
  }

  async deleteWindowsBefore(cutoff: Date): Promise<void> {
    await this.db.deleteFrom('rate_limit_hits').where('window_start', '<', cutoff).execute();
  }
}
