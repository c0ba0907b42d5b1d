import { type Kysely, sql } from 'kysely';

import type { DB } from '../../db/schema.js';
import type { Language } from '../../i18n/languages.js';
import { notBlockedBy } from '../moderation/blocked.js';
import { hasWrittenTo } from '../moderation/visibility.js';
import type { Cursor } from './messages.schema.js';

export interface MailboxRow {
  user_id: string;
  profile_id: string;
  name: string | null;
  mailbox_address: string | null;
  avatar_url: string | null;
  /** Set while the administrator has the profile hidden (features/moderation). */
  hidden_at: Date | null;
}

export interface MessageRow {
  id: string;
  sender_id: string | null;
  sender_email: string;
  recipient_email: string;
  subject: string;
  content: string;
  is_read: boolean;
  created_at: Date;
  /** The other party's display name and avatar, when they are a live member. */
  counterpart_name: string | null;
  /** The other member's profile (for Report and Block); null for mail from the product. */
  counterpart_profile_id: string | null;
  counterpart_avatar_url: string | null;
  /** Sent only: the sender blocked the recipient, who is then not named. */
  counterpart_blocked?: boolean;
}

export interface NotificationTarget {
  email: string;
  notify: boolean;
  /** The member's language: the notification is written in it. */
  language: Language;
}

const lower = (ref: string) => sql<string>`lower(${sql.ref(ref)})`;

export class MessagesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The member's mailbox (address, name, avatar) if the account is live. */
  mailboxOf(userId: string): Promise<MailboxRow | undefined> {
    return this.db
      .selectFrom('profiles as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['p.user_id', 'p.id as profile_id', 'p.name', 'p.mailbox_address', 'p.avatar_url', 'p.hidden_at'])
      .where('p.user_id', '=', userId)
      .where('u.deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** Whose mailbox an address is: only live accounts receive mail. */
  mailboxAt(address: string): Promise<MailboxRow | undefined> {
    return this.db
      .selectFrom('profiles as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['p.user_id', 'p.id as profile_id', 'p.name', 'p.mailbox_address', 'p.avatar_url', 'p.hidden_at'])
      .where(lower('p.mailbox_address'), '=', address.toLowerCase())
      .where('u.deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /**
   * Messages sent to the address, newest first, after the cursor. Messages from accounts that
   * have since been deleted are hidden (spec part 3 §4: hidden at once), and so are those from a
   * member the recipient blocked (a block by the sender changes nothing here: it is never told).
   */
  inbox(address: string, limit: number, before: Cursor | null): Promise<MessageRow[]> {
    let query = this.db
      .selectFrom('messages as m')
      .leftJoin('users as s', 's.id', 'm.sender_id')
      .leftJoin('profiles as sp', 'sp.user_id', 'm.sender_id')
      .select(['m.id', 'm.sender_id', 'm.sender_email', 'm.recipient_email', 'm.subject', 'm.content', 'm.is_read', 'm.created_at'])
      .select(['sp.name as counterpart_name', 'sp.avatar_url as counterpart_avatar_url', 'sp.id as counterpart_profile_id'])
      .where(lower('m.recipient_email'), '=', address.toLowerCase())
      .where('s.deleted_at', 'is', null)
      .where('m.withheld', '=', false)
      .where(notBlockedBy(sql.ref('m.recipient_id'), sql.ref('m.sender_id')));
    if (before) query = query.where((eb) => eb(eb.tuple(eb.ref('m.created_at'), eb.ref('m.id')), '<', eb.tuple(eb.val(before.createdAt), eb.val(before.id))));
    return query.orderBy('m.created_at', 'desc').orderBy('m.id', 'desc').limit(limit).execute();
  }

  /** Messages the member sent, newest first, after the cursor. */
  sent(userId: string, limit: number, before: Cursor | null): Promise<MessageRow[]> {
    // Only the sender's own block: a recipient who blocked the sender looks like any member who has
    // not answered (the sender is never told, here or anywhere).
    const senderBlocked = sql<boolean>`EXISTS (SELECT 1 FROM blocks AS b WHERE b.blocker_id = m.sender_id AND b.blocked_id = rp.user_id)`;
    const shown = sql<boolean>`(r.deleted_at IS NULL AND NOT ${senderBlocked})`;
    let query = this.db
      .selectFrom('messages as m')
      .leftJoin('profiles as rp', (join) => join.on(lower('rp.mailbox_address'), '=', lower('m.recipient_email')))
      .leftJoin('users as r', 'r.id', 'rp.user_id')
      .select(['m.id', 'm.sender_id', 'm.sender_email', 'm.recipient_email', 'm.subject', 'm.content', 'm.is_read', 'm.created_at'])
      // A recipient who deleted their account is shown by address only; so is one the sender
      // blocked, whose name and face the sender chose not to see.
      .select([
        sql<string | null>`CASE WHEN ${shown} THEN rp.name END`.as('counterpart_name'),
        sql<string | null>`CASE WHEN ${shown} THEN rp.avatar_url END`.as('counterpart_avatar_url'),
        sql<string | null>`CASE WHEN ${shown} THEN rp.id END`.as('counterpart_profile_id'),
        sql<boolean>`${senderBlocked}`.as('counterpart_blocked'),
      ])
      .where('m.sender_id', '=', userId);
    if (before) query = query.where((eb) => eb(eb.tuple(eb.ref('m.created_at'), eb.ref('m.id')), '<', eb.tuple(eb.val(before.createdAt), eb.val(before.id))));
    return query.orderBy('m.created_at', 'desc').orderBy('m.id', 'desc').limit(limit).execute();
  }

  async unreadCount(address: string): Promise<number> {
    const row = await this.db
      .selectFrom('messages as m')
      .leftJoin('users as s', 's.id', 'm.sender_id')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where(lower('m.recipient_email'), '=', address.toLowerCase())
      .where('m.is_read', '=', false)
      .where('s.deleted_at', 'is', null)
      .where('m.withheld', '=', false)
      .where(notBlockedBy(sql.ref('m.recipient_id'), sql.ref('m.sender_id')))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Who sent a message and to which address; the policy decides from this. */
  parties(messageId: string): Promise<{ sender_id: string | null; recipient_email: string } | undefined> {
    return this.db.selectFrom('messages').select(['sender_id', 'recipient_email']).where('id', '=', messageId).executeTakeFirst();
  }

  /** Marks a message read; scoped to the recipient's address as a second line behind the policy. */
  async markRead(messageId: string, recipientAddress: string): Promise<void> {
    await this.db
      .updateTable('messages')
      .set({ is_read: true })
      .where('id', '=', messageId)
      .where(lower('recipient_email'), '=', recipientAddress.toLowerCase())
      .execute();
  }

  /** Whether `from` has written to `to` (a hidden member may answer whoever wrote to them). */
  async hasWrittenTo(from: string, to: string): Promise<boolean> {
    const row = await this.db.selectNoFrom(hasWrittenTo(from, to).as('yes')).executeTakeFirstOrThrow();
    return row.yes;
  }

  /** Whether `recipientId` has blocked `senderId` (their mail is then withheld). */
  async blocks(recipientId: string, senderId: string): Promise<boolean> {
    const row = await this.db.selectFrom('blocks').select('blocker_id').where('blocker_id', '=', recipientId).where('blocked_id', '=', senderId).executeTakeFirst();
    return row !== undefined;
  }

  insert(message: { sender_id: string | null; sender_email: string; recipient_id: string; recipient_email: string; subject: string; content: string; withheld?: boolean }): Promise<{ id: string; created_at: Date }> {
    return this.db.insertInto('messages').values(message).returning(['id', 'created_at']).executeTakeFirstOrThrow();
  }

  /** The recipient's sign-in address and whether they want new messages announced by e-mail. */
  async notificationTarget(userId: string): Promise<NotificationTarget | undefined> {
    const row = await this.db
      .selectFrom('users as u')
      .innerJoin('profiles as p', 'p.user_id', 'u.id')
      .select(['u.email', 'u.language', 'p.notify_new_messages'])
      .where('u.id', '=', userId)
      .where('u.deleted_at', 'is', null)
      .executeTakeFirst();
    return row && { email: row.email, notify: row.notify_new_messages, language: row.language };
  }
}
