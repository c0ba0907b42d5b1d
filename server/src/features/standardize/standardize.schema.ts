import { z } from 'zod';

const field = z.string().trim().max(200, 'Keep it under 200 characters.');

export const standardizeSchema = z
  .strictObject({
    location: field.optional(),
    profession: field.optional(),
    type: z.enum(['location', 'profession', 'both']).default('both'),
  })
  .refine((body) => body.type === 'profession' || body.location !== undefined, { message: 'Please fill in: Location', path: ['location'] })
  .refine((body) => body.type === 'location' || body.profession !== undefined, { message: 'Please fill in: Profession/Identity', path: ['profession'] });

export type StandardizeInput = z.infer<typeof standardizeSchema>;
