import type { InboxSetting, StartConversations } from '../../../../contract/inbox.js';
import type { Executor } from '../../db/transaction.js';
import { NotFoundError } from '../../errors.js';
import { authorize } from '../../policies/index.js';
import { ACCOUNT_MESSAGES } from '../account/account.schema.js';
import type { InboxRepository } from './inbox.repository.js';

/** The spec has no words for it; plain, and it says nothing about why (a block, the setting, a like). */
export const INBOX_MESSAGES = {
  notAccepting: 'This member is not accepting new conversations right now',
} as const;

/**
 * Inbox control: the member chooses who may start a conversation with them (policies/inbox.ts);
 * messages and introductions ask `mayStart` before they deliver anything.
 */
export class InboxService {
  constructor(private readonly deps: { db: Executor; inbox: InboxRepository }) {}

  async setting(userId: string): Promise<InboxSetting> {
    const value = await this.deps.inbox.setting(userId);
    if (!value) throw new NotFoundError(ACCOUNT_MESSAGES.notFound, 'not_found');
    return { startConversations: value };
  }

  async setSetting(userId: string, value: StartConversations): Promise<InboxSetting> {
    if (!(await this.deps.inbox.setSetting(userId, value))) throw new NotFoundError(ACCOUNT_MESSAGES.notFound, 'not_found');
    return { startConversations: value };
  }

  /** Throws 403 `not_accepting_conversations` unless the recipient lets this sender start a conversation. */
  async mayStart(senderId: string, recipientId: string): Promise<void> {
    await this.mayStartIn(this.deps.db, senderId, recipientId);
  }

  /** `mayStart` inside the caller's transaction. */
  async mayStartIn(db: Executor, senderId: string, recipientId: string): Promise<void> {
    const reach = await this.deps.inbox.reach(db, senderId, recipientId);
    // An account gone between the caller's lookup and this one: the caller's own answer follows.
    if (!reach) return;
    authorize({ id: senderId }, 'inbox.start', reach, { message: INBOX_MESSAGES.notAccepting, code: 'not_accepting_conversations' });
  }
}
