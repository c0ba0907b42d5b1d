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

/**
 * True when `viewer` has not blocked `other`: where only the viewer's own choice may show (the
 * mailbox), so that the member who was blocked sees nothing change (their mail shows as sent,
 * the blocker's earlier mail stays in their inbox) and is never told.
 */
export function notBlockedBy(viewer: RawBuilder<unknown>, other: RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`NOT EXISTS (SELECT 1 FROM blocks AS mine WHERE mine.blocker_id = ${viewer} AND mine.blocked_id = ${other})`;
}
