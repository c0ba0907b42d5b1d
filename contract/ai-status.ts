import { z } from 'zod';

/** GET /api/admin/ai: the AI System tab. */
export const AiStatus = z.strictObject({
  provider: z.enum(['ollama', 'builtin']),
  models: z.strictObject({ chat: z.string(), embedding: z.string(), dimensions: z.number().int() }),
  search: z.strictObject({
    /** The model search reads now. */
    model: z.string(),
    /** The model new vectors are written with. */
    targetModel: z.string(),
    switchPending: z.boolean(),
    switchedAt: z.string().nullable(),
  }),
  /** Profiles with a vector of each model. */
  coverage: z.array(z.strictObject({ model: z.string(), profiles: z.number().int() })),
  embeddableProfiles: z.number().int(),
});
export type AiStatus = z.infer<typeof AiStatus>;
