import { z } from 'zod';

export const INITIALIZE_ONBOARDING = 'INITIALIZE_ONBOARDING';
export const INITIALIZE_PROFILE_UPDATE = 'INITIALIZE_PROFILE_UPDATE';
export const MESSAGE_MAX = 2000;

export const CHAT_SESSION_TYPES = ['onboarding', 'profile_update'] as const;
export type ChatSessionType = (typeof CHAT_SESSION_TYPES)[number];

/** POST /api/chat (spec part 1 §7 ai-chat: message, sessionId, sessionType). */
export const ChatRequest = z.strictObject({
  message: z
    .string({ error: 'Message cannot be empty.' })
    .trim()
    .min(1, 'Message cannot be empty.')
    .max(MESSAGE_MAX, `Messages can be at most ${MESSAGE_MAX.toLocaleString('en')} characters.`),
  sessionId: z.uuid({ error: 'A chat session is required.' }).nullish(),
  sessionType: z.enum(CHAT_SESSION_TYPES).default('onboarding'),
});

export type ChatRequest = z.infer<typeof ChatRequest>;

/** Spec part 1 §3: id, content, isUser, timestamp. */
export const ChatMessage = z.strictObject({ id: z.string(), content: z.string(), isUser: z.boolean(), timestamp: z.string() });
export type ChatMessage = z.infer<typeof ChatMessage>;

export const ChatReply = z.strictObject({
  response: z.string(),
  sessionId: z.uuid(),
  sessionType: z.enum(CHAT_SESSION_TYPES),
  extractedName: z.string().nullable(),
  /** Onboarding: the interview is over and the profile written. */
  completed: z.boolean(),
  /** The whole conversation so far: a reload resumes it. */
  messages: z.array(ChatMessage),
});
export type ChatReply = z.infer<typeof ChatReply>;
