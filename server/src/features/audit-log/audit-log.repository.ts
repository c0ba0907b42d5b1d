import { type Kysely, sql } from 'kysely';

import type { DB } from '../../db/schema.js';
import type { Executor } from '../../db/transaction.js';

export interface AuditLogRow {
  id: string;
  actor_email: string;
  action: string;
  target_type: string;
  target_id: string | null;
  details: Record<string, unknown>;
  created_at: Date;
}

export interface NewAuditLogRow {
  /** Null for the system (SYSTEM_ACTOR), and once an administrator's account is purged. */
  actor_id: string | null;
  actor_email: string;
  action: string;
  target_type: string;
  target_id: string | null;
  details: Record<string, unknown>;
}

export class AuditLogRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Written with the wall-clock time of the statement (not the transaction's start, which every
   * row of one transaction shares), cut to milliseconds so a row's time survives the round trip
   * through an ISO string that the next page's `before` is.
   */
  async insert(db: Executor, row: NewAuditLogRow): Promise<void> {
    await db
      .insertInto('admin_audit_log')
      .values({ ...row, details: JSON.stringify(row.details), created_at: sql<Date>`date_trunc('milliseconds', clock_timestamp())` })
      .execute();
  }

  /** Newest first, strictly older than `before` when given. */
  list(limit: number, before: Date | undefined): Promise<AuditLogRow[]> {
    let query = this.db.selectFrom('admin_audit_log').select(['id', 'actor_email', 'action', 'target_type', 'target_id', 'details', 'created_at']);
    if (before) query = query.where('created_at', '<', before);
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }

  /** The rows written in the same millisecond as `last` that come after it in the list's order. */
  sameTimeAfter(last: { created_at: Date; id: string }): Promise<AuditLogRow[]> {
    return this.db
      .selectFrom('admin_audit_log')
      .select(['id', 'actor_email', 'action', 'target_type', 'target_id', 'details', 'created_at'])
      .where('created_at', '=', last.created_at)
      .where('id', '<', last.id)
      .orderBy('id', 'desc')
      .execute();
  }
}
