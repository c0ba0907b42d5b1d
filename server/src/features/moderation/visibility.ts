import { type RawBuilder, sql } from 'kysely';

import { notBlocked } from './blocked.js';

type UserRef = RawBuilder<unknown> | string;
const ref = (user: UserRef) => (typeof user === 'string' ? sql`${user}::uuid` : user);

/**
 * True when the two members are in conversation: a delivered message either way between them.
 * Mail withheld by a block never reached anyone, so it starts nothing.
 */
export function inConversation(a: UserRef, b: UserRef): RawBuilder<boolean> {
  return sql<boolean>`EXISTS (
    SELECT 1 FROM messages AS conv
    WHERE NOT conv.withheld AND (
      (conv.sender_id = ${ref(a)} AND conv.recipient_id = ${ref(b)}) OR (conv.sender_id = ${ref(b)} AND conv.recipient_id = ${ref(a)})))`;
}

/**
 * Whether `viewer` may see `other`'s profile where it is looked up by id (the profile card and
 * dialog, the analysis, a like, the liked list): neither blocked the other, and the profile is
 * not hidden by the administrator, or the viewer is already in conversation with its member.
 * Discovery (search, feeds, touchpoint lists, find by code) leaves a hidden profile out for
 * everyone, with `hidden_at IS NULL` in its own query. `hiddenAt` is the profile's `hidden_at`.
 */
export function shownTo(viewer: UserRef, other: RawBuilder<unknown>, hiddenAt: RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`(${notBlocked(ref(viewer), other)} AND (${hiddenAt} IS NULL OR ${inConversation(viewer, other)}))`;
}
