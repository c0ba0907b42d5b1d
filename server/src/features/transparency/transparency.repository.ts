import { type Kysely, sql } from 'kysely';

import type { ModerationAction } from '../../../../contract/moderation.js';
import type { DB, ReportReason } from '../../db/schema.js';

/** Counts by calendar month (UTC, `YYYY-MM`) since a date: nothing about who. */
export class TransparencyRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async reportsByMonth(since: Date): Promise<{ month: string; count: number }[]> {
    const month = sql<string>`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM')`;
    return this.db
      .selectFrom('reports')
      .select([month.as('month'), sql<number>`count(*)::int`.as('count')])
      .where('created_at', '>=', since)
      .groupBy(month)
      .execute();
  }

  async actionsByMonth(since: Date): Promise<{ month: string; action: ModerationAction; reason: ReportReason | null; count: number }[]> {
    const month = sql<string>`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM')`;
    return this.db
      .selectFrom('moderation_actions')
      .select([month.as('month'), 'action', 'reason', sql<number>`count(*)::int`.as('count')])
      .where('created_at', '>=', since)
      .groupBy([month, 'action', 'reason'])
      .execute();
  }
}
