import { type Kysely, sql } from 'kysely';

import type { DB } from '../../db/schema.js';

export interface InboxRow {
  id: string;
  sender_id: string | null;
  sender_email: string;
  recipient_email: string;
  subject: string;
  content: string;
  is_read: boolean;
  created_at: Date;
}

export class MessagesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Messages addressed to the member's mailbox, newest first; messages from accounts that have
   * since been deleted are hidden.
   */
  inbox(userId: string, limit: number): Promise<InboxRow[]> {
    return this.db
      .selectFrom('profiles as me')
      .innerJoin('messages as m', (join) => join.on(sql`lower(m.recipient_email)`, '=', sql`lower(me.mailbox_address)`))
      .leftJoin('users as s', 's.id', 'm.sender_id')
      .select(['m.id', 'm.sender_id', 'm.sender_email', 'm.recipient_email', 'm.subject', 'm.content', 'm.is_read', 'm.created_at'])
      .where('me.user_id', '=', userId)
      .where('s.deleted_at', 'is', null)
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(limit)
      .execute();
  }
}
