import { z } from 'zod';

import { multiLine, singleLine } from '../../../../contract/text.js';

/** The spec's words (part 2 §5, §8) where it has them; the client shows them under the spec's titles. */
export const MESSAGE_MESSAGES = {
  missing: 'Recipient, subject and content are all required',
  senderMailboxMissing: (product: string) => `Your ${product} email not found`,
  invalidRecipient: (product: string, domain: string) => `Please enter a complete ${product} email address (e.g. name1234@${domain})`,
  recipientNotFound: (address: string) => `No member has the address ${address}. Check it and try again.`,
  subjectTooLong: (max: number) => `The subject must be ${max} characters or fewer.`,
  contentTooLong: (max: number) => `The message must be ${max.toLocaleString('en-US')} characters or fewer.`,
  notFound: 'Message not found.',
  tooMany: (minutes: number) => `You are sending messages too quickly. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  /** How Sent shows a recipient with a block between them and the sender: nameless, faceless. */
  blockedCounterpart: 'a member',
} as const;

/** The database's own bounds (migrations/20261123000000_daily_use.ts). */
export const SUBJECT_MAX = 200;
export const CONTENT_MAX = 10_000;
export const PAGE_SIZE_DEFAULT = 30;
export const PAGE_SIZE_MAX = 100;

/** Code points, as Postgres's char_length counts them. */
const length = (text: string) => [...text].length;


const required = z.string({ error: MESSAGE_MESSAGES.missing });

/** POST /api/messages. */
export const composeSchema = z.strictObject({
  to: required.transform((to) => to.trim().toLowerCase()).pipe(z.string().min(1, MESSAGE_MESSAGES.missing)),
  subject: required
    .transform(singleLine)
    .pipe(z.string().min(1, MESSAGE_MESSAGES.missing).refine((s) => length(s) <= SUBJECT_MAX, MESSAGE_MESSAGES.subjectTooLong(SUBJECT_MAX))),
  content: required
    .transform(multiLine)
    .pipe(z.string().min(1, MESSAGE_MESSAGES.missing).refine((s) => length(s) <= CONTENT_MAX, MESSAGE_MESSAGES.contentTooLong(CONTENT_MAX))),
});
export type ComposeInput = z.infer<typeof composeSchema>;

/** GET /api/messages?box=inbox|sent&before=<cursor>&limit=n */
export const listQuerySchema = z.strictObject({
  box: z.enum(['inbox', 'sent'], { error: 'box must be inbox or sent.' }).default('inbox'),
  before: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** Where a page ends: the last row's time and id, so the next page starts exactly after it. */
export interface Cursor {
  createdAt: Date;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.createdAt.toISOString()}|${cursor.id}`).toString('base64url');
}

export function decodeCursor(value: string): Cursor | null {
  const [at, id] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (Number.isNaN(createdAt.getTime()) || !z.uuid().safeParse(id).success) return null;
  return { createdAt, id: id! };
}
