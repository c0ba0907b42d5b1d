// Inbox control: who may start a conversation with the member (General screen).
import type { InboxSetting, StartConversations } from '../../../../contract/inbox';
import { api } from '../../api/client';

export type { InboxSetting, StartConversations };

/**
 * The choices, in the order shown. The contract's runtime list stays out of the web bundle
 * (vite.config.ts); the Record type makes leaving one out, or adding an unknown one, a compile error.
 */
const CHOICES: Record<StartConversations, true> = { everyone: true, liked: true, verified: true };
export const startConversationsChoices = Object.keys(CHOICES) as StartConversations[];

export const inboxKey = '/api/account/inbox';

export function setStartConversations(startConversations: StartConversations): Promise<InboxSetting> {
  return api<InboxSetting>(inboxKey, { method: 'PUT', body: { startConversations } });
}
