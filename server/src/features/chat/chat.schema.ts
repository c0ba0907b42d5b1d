import { z } from 'zod';

export const INITIALIZE_ONBOARDING = 'INITIALIZE_ONBOARDING';
export const INITIALIZE_PROFILE_UPDATE = 'INITIALIZE_PROFILE_UPDATE';
export const MESSAGE_MAX = 2000;

/** POST /api/chat (spec part 1 §7 ai-chat: message, sessionId, sessionType). */
export const chatSchema = z.strictObject({
  message: z
    .string({ error: 'Message cannot be empty.' })
    .trim()
    .min(1, 'Message cannot be empty.')
    .max(MESSAGE_MAX, `Messages can be at most ${MESSAGE_MAX.toLocaleString('en')} characters.`),
  sessionId: z.uuid({ error: 'A chat session is required.' }).nullish(),
  sessionType: z.enum(['onboarding', 'profile_update']).default('onboarding'),
});

export type ChatInput = z.infer<typeof chatSchema>;
