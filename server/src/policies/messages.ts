/**
 * Who may do what with a mailbox message (spec part 2 §6: members see only their own mailbox).
 * The recipient is whoever owns the address it was sent to; the sender is the account that sent it.
 */
export interface MailboxOwner {
  userId: string;
  /** The member's mailbox address; null before basic information is saved. */
  address: string | null;
}

export interface MessageParties {
  senderId: string | null;
  recipientEmail: string;
}

export function isRecipient(actor: MailboxOwner, message: MessageParties): boolean {
  return actor.address !== null && actor.address.toLowerCase() === message.recipientEmail.toLowerCase();
}

export function isSender(actor: MailboxOwner, message: MessageParties): boolean {
  return message.senderId !== null && message.senderId === actor.userId;
}

/** A message is seen by its sender (Sent) and its recipient (Inbox), nobody else. */
export function mayReadMessage(actor: MailboxOwner, message: MessageParties): boolean {
  return isRecipient(actor, message) || isSender(actor, message);
}

/** Only the recipient marks a message read (spec part 2 §4: sent messages are not marked). */
export function mayMarkMessageRead(actor: MailboxOwner, message: MessageParties): boolean {
  return isRecipient(actor, message);
}
