import { z } from 'zod';

import { MODERATION_ACTIONS, REPORT_REASONS } from './moderation.js';

/** How many moderation actions of one kind, for one reason (null: an action that names none, or one made before reasons were kept). */
export const TransparencyCount = z.strictObject({
  action: z.enum(MODERATION_ACTIONS),
  reason: z.enum(REPORT_REASONS).nullable(),
  count: z.number().int(),
});
export type TransparencyCount = z.infer<typeof TransparencyCount>;

/** One calendar month (UTC): reports that came in, and the actions taken. Counts only, no personal data. */
export const TransparencyMonth = z.strictObject({
  /** YYYY-MM */
  month: z.string(),
  reports: z.number().int(),
  actions: z.array(TransparencyCount),
});
export type TransparencyMonth = z.infer<typeof TransparencyMonth>;

/** GET /api/transparency: the last 12 months, newest first, every month listed (zeros too). */
export const TransparencyReport = z.strictObject({ months: z.array(TransparencyMonth) });
export type TransparencyReport = z.infer<typeof TransparencyReport>;
