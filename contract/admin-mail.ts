import { z } from 'zod';

export const OUTGOING_MAIL_STATES = ['queued', 'sending', 'sent', 'failed'] as const;
const state = z.enum(OUTGOING_MAIL_STATES);

/** GET /api/admin/mail?state=&limit= */
export const AdminMailQuery = z.strictObject({
  state: state.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** One message of the outgoing queue as the administrator sees it. */
export const OutgoingMail = z.strictObject({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  state,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutgoingMail = z.infer<typeof OutgoingMail>;

/** Counts by state and the newest messages (failed ones with why). */
export const MailStatus = z.strictObject({
  counts: z.strictObject({ queued: z.number().int(), sending: z.number().int(), sent: z.number().int(), failed: z.number().int() }),
  messages: z.array(OutgoingMail),
});
export type MailStatus = z.infer<typeof MailStatus>;
