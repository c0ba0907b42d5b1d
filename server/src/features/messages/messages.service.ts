import type { Logger } from 'pino';

import type { MailboxMessage, MailboxPage, MarkedRead, UnreadCount } from '../../../../contract/messages.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors.js';
import type { Mailer } from '../../mail/mailer.js';
import { newMessageMail } from '../../mail/templates.js';
import { authorize, filter } from '../../policies/index.js';
import type { InboxService } from '../inbox/inbox.service.js';
import { MODERATION_MESSAGES } from '../moderation/moderation.schema.js';
import type { MailboxRow, MessageRow, MessagesRepository } from './messages.repository.js';
import { type ComposeInput, decodeCursor, encodeCursor, type ListQuery, MESSAGE_MESSAGES as M } from './messages.schema.js';

export type { MailboxMessage, MailboxPage };

export interface MessagesServiceDeps {
  messages: MessagesRepository;
  /** The recipient's inbox control: who may start a conversation with them. */
  inbox: Pick<InboxService, 'mayStart'>;
  mailer: Mailer;
  logger: Logger;
  productName: string;
  mailDomain: string;
  publicUrl: string;
}

/**
 * The in-product mailbox (spec part 2, Mailbox page): each member reads only their own Inbox
 * (messages to their address) and Sent (messages they sent). Introductions arrive here as mail.
 */
export class MessagesService {
  /** Notification e-mails still being sent; tests and shutdown wait for them. */
  private readonly notifications = new Set<Promise<void>>();

  constructor(private readonly deps: MessagesServiceDeps) {}

  async list(userId: string, query: ListQuery): Promise<MailboxPage> {
    const { messages } = this.deps;
    const mailbox = await messages.mailboxOf(userId);
    const address = mailbox?.mailbox_address ?? null;
    let before = null;
    if (query.before !== undefined) {
      before = decodeCursor(query.before);
      if (!before) throw new BadRequestError('That page of messages does not exist.', 'invalid_cursor');
    }
    if (!address && query.box === 'inbox') return { box: 'inbox', address, unreadCount: 0, messages: [], nextCursor: null };
    // One more row than asked tells whether another page follows.
    const rows = query.box === 'inbox' ? await messages.inbox(address!, query.limit + 1, before) : await messages.sent(userId, query.limit + 1, before);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    // The queries select only the member's own mail; the policy looks again at what they found.
    const readable = filter({ id: userId, mailbox: address }, 'message.read', page, (row) => ({ senderId: row.sender_id, recipientEmail: row.recipient_email }));
    return {
      box: query.box,
      address,
      unreadCount: address ? await messages.unreadCount(address) : 0,
      messages: readable.map((row) => toMessage(row, query.box)),
      nextCursor: rows.length > query.limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
    };
  }

  async unreadCount(userId: string): Promise<UnreadCount> {
    const mailbox = await this.deps.messages.mailboxOf(userId);
    return { unreadCount: mailbox?.mailbox_address ? await this.deps.messages.unreadCount(mailbox.mailbox_address) : 0 };
  }

  /** Opening an Inbox message marks it read; only its recipient can (anyone else: not found). */
  async markRead(userId: string, messageId: string): Promise<MarkedRead> {
    const { messages } = this.deps;
    const [mailbox, parties] = await Promise.all([messages.mailboxOf(userId), messages.parties(messageId)]);
    const notFound = { message: M.notFound, code: 'message_not_found' };
    if (!parties) throw new NotFoundError(notFound.message, notFound.code);
    const actor = { id: userId, mailbox: mailbox?.mailbox_address ?? null };
    authorize(actor, 'message.markRead', { senderId: parties.sender_id, recipientEmail: parties.recipient_email }, notFound);
    await messages.markRead(messageId, actor.mailbox!);
    return { id: messageId, isRead: true };
  }

  async send(userId: string, input: ComposeInput): Promise<MailboxMessage> {
    const { messages, productName, mailDomain } = this.deps;
    const sender = await messages.mailboxOf(userId);
    if (!sender?.mailbox_address) throw new ConflictError(M.senderMailboxMissing(productName), 'sender_mailbox_missing');
    if (!isProductAddress(input.to, mailDomain)) throw new BadRequestError(M.invalidRecipient(productName, mailDomain), 'invalid_recipient');
    const recipient = await messages.mailboxAt(input.to);
    if (!recipient?.mailbox_address) throw new NotFoundError(M.recipientNotFound(input.to), 'recipient_not_found');
    // A member whose profile is hidden pending review may only answer members who wrote to them.
    if (sender.hidden_at) {
      const reach = { actorHidden: true, inConversation: await messages.hasWrittenTo(recipient.user_id, userId) };
      authorize({ id: userId }, 'conversation.start', reach, { message: MODERATION_MESSAGES.hiddenCannotStart, code: 'profile_hidden' });
    }
    await this.deps.inbox.mayStart(userId, recipient.user_id);

    // A recipient who blocked the sender never sees it, and the sender is not told: the answer is
    // as for any member (named, as Sent names them). Only the sender's own block masks the name.
    const withheld = await messages.blocks(recipient.user_id, userId);
    const masked = await messages.blocks(userId, recipient.user_id);
    const stored = await messages.insert({
      sender_id: userId,
      sender_email: sender.mailbox_address,
      recipient_id: recipient.user_id,
      recipient_email: recipient.mailbox_address,
      subject: input.subject,
      content: input.content,
      withheld,
    });
    if (!withheld) this.track(this.notify(recipient, sender.mailbox_address, input.subject));
    return {
      id: stored.id,
      senderEmail: sender.mailbox_address,
      recipientEmail: recipient.mailbox_address,
      subject: input.subject,
      content: input.content,
      isRead: false,
      createdAt: stored.created_at.toISOString(),
      counterpart: masked
        ? blockedCounterpart(recipient.mailbox_address)
        : { address: recipient.mailbox_address, name: recipient.name, avatarUrl: recipient.avatar_url, profileId: recipient.profile_id },
    };
  }

  /** Waits for notification e-mails still on their way (shutdown, tests). */
  async settle(): Promise<void> {
    await Promise.all([...this.notifications]);
  }

  /**
   * Best effort (spec part 2 §7 send-message-notification): the message is already stored, so a
   * mail server that is down or slow is logged and never fails or delays the send.
   */
  private async notify(recipient: MailboxRow, from: string, subject: string): Promise<void> {
    const { messages, mailer, logger, productName, publicUrl } = this.deps;
    try {
      const target = await messages.notificationTarget(recipient.user_id);
      if (!target?.notify) return;
      await mailer.send(newMessageMail(target.email, { from, subject }, new URL('/mailbox', publicUrl).toString(), productName, target.language));
    } catch (error) {
      logger.warn({ err: error, recipient: recipient.user_id }, 'mailbox: the new-message e-mail was not sent');
    }
  }

  private track(promise: Promise<void>): void {
    this.notifications.add(promise);
    void promise.finally(() => this.notifications.delete(promise));
  }
}

function isProductAddress(address: string, domain: string): boolean {
  const at = address.lastIndexOf('@');
  return at > 0 && address.slice(at + 1) === domain.toLowerCase() && !/\s/.test(address);
}

/** A recipient with a block between them and the sender, as Sent shows them: by the address the sender typed, nothing more. */
function blockedCounterpart(address: string): MailboxMessage['counterpart'] {
  return { address, name: M.blockedCounterpart, avatarUrl: null, profileId: null };
}

function toMessage(row: MessageRow, box: 'inbox' | 'sent'): MailboxMessage {
  return {
    id: row.id,
    senderEmail: row.sender_email,
    recipientEmail: row.recipient_email,
    subject: row.subject,
    content: row.content,
    isRead: box === 'inbox' ? row.is_read : true,
    createdAt: row.created_at.toISOString(),
    counterpart: row.counterpart_blocked ? blockedCounterpart(row.recipient_email) : {
      address: box === 'inbox' ? row.sender_email : row.recipient_email,
      name: row.counterpart_name,
      avatarUrl: row.counterpart_avatar_url,
      profileId: row.counterpart_profile_id,
    },
  };
}
