import { z } from 'zod';

/**
 * Who may start a conversation with a member (Settings, "Who may start a conversation with me"):
 * everyone (the default), only members they liked, or only campus-verified members. It holds for
 * mailbox messages and introductions; a conversation the member already took part in goes on.
 */
export const START_CONVERSATIONS = ['everyone', 'liked', 'verified'] as const;
export const StartConversations = z.enum(START_CONVERSATIONS, { error: `startConversations must be one of ${START_CONVERSATIONS.join(', ')}` });
export type StartConversations = z.infer<typeof StartConversations>;

/** PUT /api/account/inbox (the request) and GET / PUT /api/account/inbox (the answer). */
export const InboxSetting = z.strictObject({ startConversations: StartConversations });
export type InboxSetting = z.infer<typeof InboxSetting>;
