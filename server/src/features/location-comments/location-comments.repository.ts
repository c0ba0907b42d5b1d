import { type Kysely, sql } from 'kysely';

import type { DB } from '../../db/schema.js';
import { notBlocked } from '../moderation/blocked.js';

export interface CommentRow {
  id: string;
  comment: string;
  created_at: Date;
  user_id: string | null;
  parent_comment_id: string | null;
}

const COLUMNS = ['c.id', 'c.comment', 'c.created_at', 'c.user_id', 'c.parent_comment_id'] as const;

export class LocationCommentsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * The wall of a touchpoint: the newest `limit` comments and every reply to them. A deleted
   * member's comments are gone at once; a member blocked either way is not shown to the viewer.
   */
  async wall(locationId: string, viewerId: string | null, limit: number): Promise<CommentRow[]> {
    const shown = (alias: 'c') =>
      sql<boolean>`(${sql.ref(`${alias}.user_id`)} IS NULL OR (
        NOT EXISTS (SELECT 1 FROM users AS u WHERE u.id = ${sql.ref(`${alias}.user_id`)} AND u.deleted_at IS NOT NULL)
        ${viewerId ? sql`AND ${notBlocked(viewerId, sql.ref(`${alias}.user_id`))}` : sql``}))`;
    const top = await this.db
      .selectFrom('location_comments as c')
      .select(COLUMNS)
      .where('c.location_id', '=', locationId)
      .where('c.parent_comment_id', 'is', null)
      .where(shown('c'))
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(limit)
      .execute();
    if (top.length === 0) return [];
    const replies = await this.db
      .selectFrom('location_comments as c')
      .select(COLUMNS)
      .where('c.parent_comment_id', 'in', top.map((c) => c.id))
      .where(shown('c'))
      .orderBy('c.created_at', 'asc')
      .orderBy('c.id', 'asc')
      .execute();
    return [...top, ...replies];
  }

  /** Whether the member's profile is hidden by the administrator (they may not post meanwhile). */
  async isHidden(userId: string): Promise<boolean> {
    const row = await this.db.selectFrom('profiles').select('hidden_at').where('user_id', '=', userId).executeTakeFirst();
    return row?.hidden_at != null;
  }

  find(id: string): Promise<(CommentRow & { location_id: string }) | undefined> {
    return this.db.selectFrom('location_comments as c').select([...COLUMNS, 'c.location_id']).where('c.id', '=', id).executeTakeFirst();
  }

  insert(values: { location_id: string; user_id: string | null; comment: string; parent_comment_id: string | null }): Promise<CommentRow> {
    return this.db
      .insertInto('location_comments')
      .values(values)
      .returning(['id', 'comment', 'created_at', 'user_id', 'parent_comment_id'])
      .executeTakeFirstOrThrow();
  }

  /** Deletes the comment and, with it, its replies (ON DELETE CASCADE). */
  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('location_comments').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
