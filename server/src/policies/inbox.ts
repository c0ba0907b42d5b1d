import type { StartConversations } from '../../../contract/inbox.js';

/** What the recipient's inbox setting is asked about: the recipient's choice and the sender as it sees them. */
export interface InboxReach {
  startConversations: StartConversations;
  /** The recipient liked the sender's profile. */
  likedByRecipient: boolean;
  /** The sender is a campus-verified member (users.campus_verified_at). */
  senderVerified: boolean;
  /** The recipient has written to the sender: a conversation they took part in, which goes on whatever they chose since. */
  inConversation: boolean;
}

/**
 * A member's inbox control: whether this sender may start a conversation with them (a message or
 * an introduction). A conversation the recipient took part in is never cut by it.
 */
export function mayStartConversationWith(_actor: { id: string }, reach: InboxReach): boolean {
  if (reach.inConversation) return true;
  switch (reach.startConversations) {
    case 'everyone':
      return true;
    case 'liked':
      return reach.likedByRecipient;
    case 'verified':
      return reach.senderVerified;
  }
}
