import { z } from 'zod';

/** POST /api/introductions: a member introduces themselves; the introduction goes to the recipient's mailbox. */
export const IntroductionRequest = z.strictObject({
  recipientUserId: z.uuid({ error: 'Choose the member to introduce yourself to.' }),
});
export type IntroductionRequest = z.infer<typeof IntroductionRequest>;

export const Introduction = z.strictObject({
  id: z.uuid(),
  recipientUserId: z.uuid(),
  subject: z.string(),
  content: z.string(),
  createdAt: z.string(),
});
export type Introduction = z.infer<typeof Introduction>;
