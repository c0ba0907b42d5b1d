import { type RawBuilder, sql } from 'kysely';

/**
 * True when neither member has blocked the other: every list that shows one member to another
 * (search, the feed, the mailbox, a profile) filters with it, so a block hides both ways.
 * `viewer` and `other` are user ids: values or column references.
 */
export function notBlocked(viewer: RawBuilder<unknown> | string, other: RawBuilder<unknown>): RawBuilder<boolean> {
  const v = typeof viewer === 'string' ? sql`${viewer}::uuid` : viewer;
  return sql<boolean>`NOT EXISTS (
    SELECT 1 FROM blocks AS b
    WHERE (b.blocker_id = ${v} AND b.blocked_id = ${other}) OR (b.blocker_id = ${other} AND b.blocked_id = ${v}))`;
}
