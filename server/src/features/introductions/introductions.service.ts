import type { Kysely, Transaction } from 'kysely';

import type { Introduction } from '../../../../contract/introductions.js';
import type { Clock } from '../../clock.js';
import type { DB } from '../../db/schema.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors.js';
import { authorize } from '../../policies/index.js';
import type { InboxService } from '../inbox/inbox.service.js';
import { MODERATION_MESSAGES } from '../moderation/moderation.schema.js';
import type { IntroductionsRepository } from './introductions.repository.js';
import { introductionContent, introductionSubject, type IntroductionInput } from './introductions.schema.js';
import { transaction } from '../../db/transaction.js';

const MEMBER_NOT_FOUND = 'Member not found.';

/** One introduction to the same member per day. */
export const INTRODUCTION_WINDOW_MS = 24 * 60 * 60 * 1000;

export type { Introduction };

/**
 * Introductions: delivered to the recipient's in-product mailbox (a `messages` row from the
 * sender's mailbox address to the recipient's), where the recipient reads them.
 */
export class IntroductionsService {
  constructor(
    private readonly deps: { db: Kysely<DB>; introductions: IntroductionsRepository; inbox: Pick<InboxService, 'mayStartIn'>; clock: Clock; productName: string },
  ) {}

  async introduce(senderId: string, input: IntroductionInput): Promise<Introduction> {
    if (input.recipientUserId === senderId) throw new BadRequestError('You cannot introduce yourself to yourself.', 'cannot_introduce_self');
    return transaction(this.deps.db, async (trx) => (await this.introduceIn(trx, senderId, input.recipientUserId))!);
  }

  /**
   * The introduction inside the caller's transaction (the weekly introductions deliver both of a
   * mutual hello's in one). `sameDay: 'skip'` delivers nothing, instead of refusing, when the
   * sender already introduced themself to the recipient today: the one they have is enough.
   * `mutual`: both members asked for it (a weekly hello both said), so the recipient's inbox
   * control, which is about conversations nobody asked for, does not stop it.
   */
  async introduceIn(trx: Transaction<DB>, senderId: string, recipientUserId: string, options: { sameDay?: 'refuse' | 'skip'; mutual?: boolean } = {}): Promise<Introduction | undefined> {
    const { introductions, clock } = this.deps;
    // Locks the sender's profile: two introductions sent at once are checked one after the other.
    const sender = await introductions.party(trx, senderId, { lock: true });
    if (!sender?.name?.trim() || !sender.mailbox_address) {
      throw new ConflictError('Please save your basic information first.', 'basic_info_required');
    }
    // An introduction always starts something new: never while the sender's profile is hidden.
    authorize({ id: senderId }, 'conversation.start', { actorHidden: sender.hidden_at !== null, inConversation: false }, { message: MODERATION_MESSAGES.hiddenCannotStart, code: 'profile_hidden' });
    // A member with a block either way, or hidden from the sender, is not found: neither is revealed, nothing is stored.
    const recipient = await introductions.party(trx, recipientUserId, { shownTo: senderId });
    if (!recipient?.mailbox_address) throw new NotFoundError(MEMBER_NOT_FOUND, 'member_not_found');
    if (!options.mutual) await this.deps.inbox.mayStartIn(trx, senderId, recipient.user_id);
    const since = new Date(clock.now().getTime() - INTRODUCTION_WINDOW_MS);
    if (await introductions.sentSince(trx, senderId, recipient.user_id, since)) {
      if (options.sameDay === 'skip') return undefined;
      throw new ConflictError(`You already introduced yourself to ${recipient.name ?? 'this member'} today.`, 'already_introduced');
    }
    const name = sender.name.trim();
    const message = await introductions.deliver(trx, {
      sender_id: senderId,
      sender_email: sender.mailbox_address,
      recipient_id: recipient.user_id,
      recipient_email: recipient.mailbox_address,
      subject: introductionSubject(name),
      content: introductionContent({ ...sender, name, mailbox_address: sender.mailbox_address }, recipient.name, this.deps.productName),
    });
    return { id: message.id, recipientUserId: recipient.user_id, subject: message.subject, content: message.content, createdAt: message.created_at.toISOString() };
  }
}
