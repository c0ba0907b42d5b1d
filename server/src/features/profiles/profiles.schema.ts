import { z } from 'zod';

import { singleLine } from '../../text.js';
import { contactDetailsSchema } from './contact-info.js';

export const GENDERS = ['male', 'female', 'non-binary', 'prefer-not-to-say'] as const;
export const RELATIONSHIP_STATUSES = ['single_straight', 'single_lgbtq', 'not_single'] as const;

/** The form's labels (spec part 1 §2.5), used to say what is missing. */
const LABELS = {
  name: 'Name',
  birthDate: 'Birth Date',
  location: 'Location',
  gender: 'Gender',
  profession: 'Profession/Identity',
  relationshipStatus: 'Relationship Status',
} as const;

const text = (max: number) => z.string().trim().max(max, `Keep it under ${max} characters.`).optional();

/**
 * PUT /api/profile/basic. Every field is required; when some are missing the one message lists
 * them all ("Please fill in: Name, Gender"), as the spec's Missing Information toast does.
 */
export const basicInfoSchema = z
  .strictObject({
    name: text(60),
    birthDate: z.string().optional(),
    location: text(200),
    gender: z.enum(GENDERS, { error: 'Choose a gender from the list.' }).optional(),
    profession: text(200),
    relationshipStatus: z.enum(RELATIONSHIP_STATUSES, { error: 'Choose a relationship status from the list.' }).optional(),
  })
  .superRefine((body, ctx) => {
    const missing = (Object.keys(LABELS) as (keyof typeof LABELS)[]).filter((key) => !body[key]);
    if (missing.length > 0) {
      ctx.addIssue({ code: 'custom', message: `Please fill in: ${missing.map((key) => LABELS[key]).join(', ')}`, path: [missing[0]!] });
    }
  })
  .transform((body) => ({
    name: body.name!,
    birthDate: body.birthDate!,
    location: body.location!,
    gender: body.gender!,
    profession: body.profession!,
    relationshipStatus: body.relationshipStatus!,
  }));

export type BasicInfoInput = z.infer<typeof basicInfoSchema>;

export const DISPLAY_NAME_MAX = 60;

/** PATCH /api/profile: what Settings and General change; at least one field. */
export const profileUpdateSchema = z
  .strictObject({
    name: z
      .string({ error: 'Display name is required.' })
      .transform(singleLine)
      .pipe(z.string().min(1, 'Display name is required.').max(DISPLAY_NAME_MAX, `Keep it under ${DISPLAY_NAME_MAX} characters.`))
      .optional(),
    contactInfo: contactDetailsSchema.optional(),
    notifyNewMessages: z.boolean({ error: 'notifyNewMessages must be true or false.' }).optional(),
    searchBackgroundOpacity: z.number({ error: 'Opacity must be a number.' }).min(0.1, 'Opacity must be between 0.1 and 1.').max(1, 'Opacity must be between 0.1 and 1.').optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Nothing to update.');
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

/** The background's opacity, sent beside the image as ?opacity= (spec default 0.7). */
export const backgroundQuerySchema = z.strictObject({
  opacity: z.coerce.number({ error: 'Opacity must be a number.' }).min(0.1, 'Opacity must be between 0.1 and 1.').max(1, 'Opacity must be between 0.1 and 1.').default(0.7),
});
