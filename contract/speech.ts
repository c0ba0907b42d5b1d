import { z } from 'zod';

/** POST /api/speech-to-text: the recording is the raw body (audio/wav); the answer is its words. */
export const SpeechResponse = z.strictObject({ text: z.string() });
export type SpeechResponse = z.infer<typeof SpeechResponse>;
