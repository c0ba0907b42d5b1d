import { type Kysely, sql } from 'kysely';

import type { StartConversations } from '../../../../contract/inbox.js';
import type { DB } from '../../db/schema.js';
import type { Executor } from '../../db/transaction.js';
import type { InboxReach } from '../../policies/inbox.js';
import { hasWrittenTo } from '../moderation/visibility.js';

export class InboxRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The live account's choice; undefined for a deleted or unknown account. */
  async setting(userId: string): Promise<StartConversations | undefined> {
    const row = await this.db.selectFrom('users').select('start_conversations').where('id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
    return row?.start_conversations;
  }

  async setSetting(userId: string, value: StartConversations): Promise<boolean> {
    const result = await this.db.updateTable('users').set({ start_conversations: value }).where('id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * What the recipient's setting is asked about, in one round: their choice, whether they liked
   * the sender, whether the sender is campus-verified, and whether the recipient has written to
   * the sender. Read as if there were no block: a blocked sender sees what any sender would.
   */
  async reach(db: Executor, senderId: string, recipientId: string): Promise<InboxReach | undefined> {
    const row = await db
      .selectFrom('users as r')
      .innerJoin('users as s', (join) => join.on('s.id', '=', senderId))
      .select([
        'r.start_conversations',
        sql<boolean>`s.campus_verified_at IS NOT NULL`.as('sender_verified'),
        sql<boolean>`EXISTS (SELECT 1 FROM liked_profiles AS l WHERE l.user_id = r.id AND l.liked_user_id = s.id)`.as('liked_by_recipient'),
        hasWrittenTo(sql.ref('r.id'), sql.ref('s.id')).as('in_conversation'),
      ])
      .where('r.id', '=', recipientId)
      .executeTakeFirst();
    return row && {
      startConversations: row.start_conversations,
      likedByRecipient: row.liked_by_recipient,
      senderVerified: row.sender_verified,
      inConversation: row.in_conversation,
    };
  }
}
