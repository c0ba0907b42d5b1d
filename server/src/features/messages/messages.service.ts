import type { MessagesRepository } from './messages.repository.js';

export interface InboxMessage {
  id: string;
  senderId: string | null;
  senderEmail: string;
  recipientEmail: string;
  subject: string;
  content: string;
  isRead: boolean;
  createdAt: string;
}

/** How many messages the inbox returns. */
export const INBOX_LIMIT = 200;

/** The in-product mailbox, read-only for now: the member's own inbox (introductions land here). */
export class MessagesService {
  constructor(private readonly messages: MessagesRepository) {}

  async inbox(userId: string): Promise<{ messages: InboxMessage[] }> {
    const rows = await this.messages.inbox(userId, INBOX_LIMIT);
    return {
      messages: rows.map((row) => ({
        id: row.id,
        senderId: row.sender_id,
        senderEmail: row.sender_email,
        recipientEmail: row.recipient_email,
        subject: row.subject,
        content: row.content,
        isRead: row.is_read,
        createdAt: row.created_at.toISOString(),
      })),
    };
  }
}
