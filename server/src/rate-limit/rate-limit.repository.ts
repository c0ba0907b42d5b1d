import { type Kysely, sql } from 'kysely';

import type { DB } from '../db/schema.js';

/** Hits counted against one key in one window. */
export interface WindowHits {
  key: string;
  windowStart: Date;
  hits: number;
}

export class RateLimitRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Counts one hit in the window and returns the window's total, atomically. */
  async hit(key: string, windowStart: Date): Promise<number> {
    const [total] = await this.addHits([{ key, windowStart, hits: 1 }]);
    return total!.hits;
  }

  /**
   * Adds each entry's hits to its window in one statement and returns the windows' new totals
   * (every replica's hits). Entries must name distinct windows: Postgres updates a row once per statement.
   */
  async addHits(entries: readonly WindowHits[]): Promise<WindowHits[]> {
    if (entries.length === 0) return [];
    const rows = await this.db
      .insertInto('rate_limit_hits')
      .values(entries.map((e) => ({ key: e.key, window_start: e.windowStart, hits: e.hits })))
      .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ hits: sql`rate_limit_hits.hits + excluded.hits` }))
      .returning(['key', 'window_start', 'hits'])
      .execute();
    return rows.map((r) => ({ key: r.key, windowStart: r.window_start, hits: r.hits }));
  }

  async deleteWindowsBefore(cutoff: Date): Promise<void> {
    await this.db.deleteFrom('rate_limit_hits').where('window_start', '<', cutoff).execute();
  }
}
