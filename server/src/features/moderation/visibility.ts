import { type RawBuilder, sql } from 'kysely';

import { notBlocked } from './blocked.js';

type UserRef = RawBuilder<unknown> | string;
const ref = (user: UserRef) => (typeof user === 'string' ? sql`${user}::uuid` : user);

/**
 * True when `from` has written to `to`: a delivered message (mail withheld by a block never
 * arrived). A hidden member's side of a conversation: only what they sent (or answered) counts,
 * so one uninvited message to a hidden profile opens nothing.
 */
export function hasWrittenTo(from: UserRef, to: UserRef): RawBuilder<boolean> {
  return sql<boolean>`EXISTS (
    SELECT 1 FROM messages AS wrote
    WHERE wrote.sender_id = ${ref(from)} AND wrote.recipient_id = ${ref(to)} AND NOT wrote.withheld)`;
}

/** True unless the member's account is suspended (signed out and kept out: shown to nobody). */
export function notSuspended(user: UserRef): RawBuilder<boolean> {
  return sql<boolean>`NOT EXISTS (SELECT 1 FROM users AS susp WHERE susp.id = ${ref(user)} AND susp.suspended_at IS NOT NULL)`;
}

/**
 * Whether `viewer` may see `other`'s profile where it is looked up by id (the profile card and
 * dialog, the analysis, a like, the liked list, an introduction): neither blocked the other, the
 * account is not suspended, and the profile is not hidden by the administrator, or its member has
 * written to the viewer (a conversation the hidden member took part in). Discovery (search, feeds,
 * touchpoint lists, find by code) leaves a hidden profile out for everyone, with
 * `hidden_at IS NULL` in its own query. `hiddenAt` is the profile's `hidden_at`.
 */
export function shownTo(viewer: UserRef, other: RawBuilder<unknown>, hiddenAt: RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`(${notBlocked(ref(viewer), other)} AND ${notSuspended(other)} AND (${hiddenAt} IS NULL OR ${hasWrittenTo(other, viewer)}))`;
}
