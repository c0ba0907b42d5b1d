import { z } from 'zod';

export const MAILBOXES = ['inbox', 'sent'] as const;
export type Box = (typeof MAILBOXES)[number];

/** One message as the mailbox shows it. */
export const MailboxMessage = z.strictObject({
  id: z.uuid(),
  senderEmail: z.string(),
  recipientEmail: z.string(),
  subject: z.string(),
  content: z.string(),
  isRead: z.boolean(),
  /** ISO time */
  createdAt: z.string(),
  /** The other party (the sender in Inbox, the recipient in Sent), when they are a live member. */
  counterpart: z.strictObject({ address: z.string(), name: z.string().nullable(), avatarUrl: z.string().nullable(), profileId: z.string().nullable() }),
});
export type MailboxMessage = z.infer<typeof MailboxMessage>;

/** GET /api/messages?box=&before=&limit= */
export const MailboxPage = z.strictObject({
  box: z.enum(MAILBOXES),
  /** The member's own address, shown at the top of the mailbox. */
  address: z.string().nullable(),
  unreadCount: z.number().int(),
  messages: z.array(MailboxMessage),
  /** Pass as `before` for the next (older) page; null at the end. */
  nextCursor: z.string().nullable(),
});
export type MailboxPage = z.infer<typeof MailboxPage>;

/** GET /api/messages/unread-count */
export const UnreadCount = z.strictObject({ unreadCount: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCount>;

/** POST /api/messages/:id/read */
export const MarkedRead = z.strictObject({ id: z.uuid(), isRead: z.literal(true) });
export type MarkedRead = z.infer<typeof MarkedRead>;
