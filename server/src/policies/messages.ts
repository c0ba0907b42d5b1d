/**
 * Who may do what with a mailbox message (spec part 2 §6: members see only their own mailbox).
 * The recipient is whoever owns the address it was sent to; the sender is the account that sent it.
 */
export interface MailboxHolder {
  id: string;
  /** The member's mailbox address; null before basic information is saved. */
  mailbox: string | null;
}

export interface MessageParties {
  senderId: string | null;
  recipientEmail: string;
}

export function isRecipient(actor: MailboxHolder, message: MessageParties): boolean {
  return actor.mailbox !== null && actor.mailbox.toLowerCase() === message.recipientEmail.toLowerCase();
}

export function isSender(actor: MailboxHolder, message: MessageParties): boolean {
  return message.senderId !== null && message.senderId === actor.id;
}

/** A message is seen by its sender (Sent) and its recipient (Inbox), nobody else. */
export function mayReadMessage(actor: MailboxHolder, message: MessageParties): boolean {
  return isRecipient(actor, message) || isSender(actor, message);
}

/** Only the recipient marks a message read (spec part 2 §4: sent messages are not marked). */
export function mayMarkMessageRead(actor: MailboxHolder, message: MessageParties): boolean {
  return isRecipient(actor, message);
}
