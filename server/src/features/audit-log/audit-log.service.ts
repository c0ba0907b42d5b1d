import type { Kysely } from 'kysely';

import { AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX, type AuditLogPage } from '../../../../contract/audit-log.js';
import type { DB } from '../../db/schema.js';
import type { Executor } from '../../db/transaction.js';
import type { AuditLogRepository, AuditLogRow } from './audit-log.repository.js';

/** Lower-case words joined by dots: 'user.delete', 'nfc_location.create', 'job.start'. */
const ACTION = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/;

export interface AuditEntry {
  /** Who made the change: an administrator, or SYSTEM_ACTOR for what the product does on its own. */
  actor: { id: string | null; email: string };
  action: string;
  targetType: string;
  targetId?: string | null;
  /** What the administrator changed, for a person to read; never secrets or a member's private text. */
  details?: Record<string, unknown>;
}

type AuditLogEntry = AuditLogPage['entries'][number];

/** The actor of a change nobody asked for just then: a scheduled job (the 90-day purge). */
export const SYSTEM_ACTOR = { id: null, email: 'system' } as const;

/**
 * The administrator's audit log: every change made from the admin area is recorded with who made
 * it. Services write their row with the change, in the same transaction when they pass theirs, so
 * a change is never without its record and a failed change leaves none.
 */
export class AuditLogService {
  constructor(private readonly deps: { db: Kysely<DB>; auditLog: AuditLogRepository }) {}

  /** Records a change made on its own (a job started). */
  record(entry: AuditEntry): Promise<void> {
    return this.recordIn(this.deps.db, entry);
  }

  /** Records a change in the transaction that makes it. */
  async recordIn(db: Executor, entry: AuditEntry): Promise<void> {
    // A malformed action is a programming error, not the administrator's: fail loudly.
    if (!ACTION.test(entry.action)) throw new Error(`audit log: "${entry.action}" is not a dotted action name such as user.delete`);
    await this.deps.auditLog.insert(db, {
      actor_id: entry.actor.id,
      actor_email: entry.actor.email,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId ?? null,
      details: entry.details ?? {},
    });
  }

  /**
   * Newest first; `before` (the last entry's createdAt) gives the next page. The page is keyed by
   * time alone, so it never ends between entries of the same millisecond: it takes them all,
   * running past `limit` if it must, and the next page misses none and repeats none.
   */
  async list(query: { limit?: number; before?: Date } = {}): Promise<AuditLogPage> {
    const { auditLog } = this.deps;
    const limit = Math.min(Math.max(query.limit ?? AUDIT_PAGE_DEFAULT, 1), AUDIT_PAGE_MAX);
    const rows = await auditLog.list(limit, query.before);
    const last = rows.at(-1);
    if (rows.length === limit && last) rows.push(...(await auditLog.sameTimeAfter(last)));
    return { entries: rows.map(toEntry) };
  }
}

function toEntry(row: AuditLogRow): AuditLogEntry {
  return {
    id: row.id,
    actorEmail: row.actor_email,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    details: row.details,
    createdAt: row.created_at.toISOString(),
  };
}
