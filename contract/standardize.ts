import { z } from 'zod';

const field = z.string().trim().max(200, 'Keep it under 200 characters.');

/** POST /api/standardize: a location, a profession, or both, written as the standardizer writes them. */
export const StandardizeRequest = z
  .strictObject({
    location: field.optional(),
    profession: field.optional(),
    type: z.enum(['location', 'profession', 'both']).default('both'),
  })
  .refine((body) => body.type === 'profession' || body.location !== undefined, { message: 'Please fill in: Location', path: ['location'] })
  .refine((body) => body.type === 'location' || body.profession !== undefined, { message: 'Please fill in: Profession/Identity', path: ['profession'] });

export type StandardizeRequest = z.infer<typeof StandardizeRequest>;

/** One field's answer: its standard form, or why there is none (the member's words are kept). */
const FieldResult = z.union([
  z.strictObject({ standardized: z.string() }),
  z.strictObject({ standardized: z.null(), error: z.strictObject({ code: z.string(), message: z.string() }) }),
]);
export type FieldResult = z.infer<typeof FieldResult>;

export const StandardizeResponse = z.strictObject({ location: FieldResult.optional(), profession: FieldResult.optional() });
export type StandardizeResponse = z.infer<typeof StandardizeResponse>;
