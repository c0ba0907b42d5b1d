import { sql, type Transaction } from 'kysely';

import type { DB, LookingFor } from '../../db/schema.js';
import { shownTo } from '../moderation/visibility.js';

/** A member who can send or receive an introduction: a live account with a profile. */
export interface IntroductionParty {
  user_id: string;
  name: string | null;
  age: number | null;
  location: string | null;
  profession: string | null;
  interests: string[];
  looking_for: LookingFor[];
  bio: string | null;
  mailbox_address: string | null;
  /** Set while the administrator has the profile hidden (features/moderation). */
  hidden_at: Date | null;
}

export interface DeliveredMessage {
  id: string;
  subject: string;
  content: string;
  created_at: Date;
}

/** Every query runs inside the service's transaction. */
export class IntroductionsRepository {
  /**
   * The member's profile if their account is live. With `lock`, the profile row stays locked
   * until the transaction ends, so one sender's introductions are delivered one at a time. With
   * `shownTo`, only if that member may see the profile (no block either way; not hidden unless
   * the two are in conversation: moderation/visibility.ts).
   */
  party(trx: Transaction<DB>, userId: string, options: { lock?: boolean; shownTo?: string } = {}): Promise<IntroductionParty | undefined> {
    let query = trx
      .selectFrom('profiles as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['p.user_id', 'p.name', 'p.age', 'p.location', 'p.profession', 'p.interests', 'p.looking_for', 'p.bio', 'p.mailbox_address', 'p.hidden_at'])
      .where('p.user_id', '=', userId)
      .where('u.deleted_at', 'is', null);
    if (options.shownTo) query = query.where(shownTo(options.shownTo, sql.ref('p.user_id'), sql.ref('p.hidden_at')));
    if (options.lock) query = query.forUpdate('p');
    return query.executeTakeFirst();
  }

  /** Whether the sender has written to the recipient since `since`. */
  async sentSince(trx: Transaction<DB>, senderId: string, recipientId: string, since: Date): Promise<boolean> {
    const row = await trx
      .selectFrom('messages')
      .select('id')
      .where('sender_id', '=', senderId)
      .where('recipient_id', '=', recipientId)
      .where('created_at', '>', since)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  deliver(
    trx: Transaction<DB>,
    message: { sender_id: string; sender_email: string; recipient_id: string; recipient_email: string; subject: string; content: string },
  ): Promise<DeliveredMessage> {
    return trx.insertInto('messages').values(message).returning(['id', 'subject', 'content', 'created_at']).executeTakeFirstOrThrow();
  }
}
