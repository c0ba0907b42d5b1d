import { z } from 'zod';

import { ContactEntry, LOOKING_FOR } from './profile-card.js';
import { singleLine } from './text.js';

/** POST /api/profile/avatar: the stored image's address. DELETE answers { avatarUrl: null }. */
export const AvatarSaved = z.strictObject({ avatarUrl: z.string() });
export const AvatarRemoved = z.strictObject({ avatarUrl: z.null() });

/** POST /api/profile/background?opacity=: the stored picture and how opaque it is drawn. */
export const BackgroundSaved = z.strictObject({ searchBackgroundUrl: z.string(), searchBackgroundOpacity: z.number() });
export const BackgroundRemoved = z.strictObject({ searchBackgroundUrl: z.null() });

export type AvatarSaved = z.infer<typeof AvatarSaved>;
export type AvatarRemoved = z.infer<typeof AvatarRemoved>;
export type BackgroundSaved = z.infer<typeof BackgroundSaved>;
export type BackgroundRemoved = z.infer<typeof BackgroundRemoved>;

export const GENDERS = ['male', 'female', 'non-binary', 'prefer-not-to-say'] as const;
export type Gender = (typeof GENDERS)[number];
export const RELATIONSHIP_STATUSES = ['single_straight', 'single_lgbtq', 'not_single'] as const;
export type RelationshipStatus = (typeof RELATIONSHIP_STATUSES)[number];
/** The first moment's kind (spec: the card). */
export const MOMENT_TYPES = ['image', 'video', 'text'] as const;
export type MomentType = (typeof MOMENT_TYPES)[number];

/** What the member shares in Quick Contact, and whether it is available to others. */
export const ContactDetails = z.strictObject({ available: z.boolean(), entries: z.array(ContactEntry) });
export type ContactDetails = z.infer<typeof ContactDetails>;

/**
 * GET /api/profile (and what PATCH /api/profile, PUT /api/profile/basic and PUT
 * /api/profile/first-moment answer): the member's own profile with the spec's column names,
 * snake_case. What only the server uses (the address it was last seen from, the card provider's
 * ids, the sample flag) is not sent.
 */
export const OwnProfile = z.strictObject({
  id: z.uuid(),
  user_id: z.uuid(),
  name: z.string().nullable(),
  /** yyyy-MM-dd */
  birth_date: z.string().nullable(),
  age: z.number().int().nullable(),
  location: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  profession: z.string().nullable(),
  relationship_status: z.enum(RELATIONSHIP_STATUSES).nullable(),
  bio: z.string().nullable(),
  interests: z.array(z.string()),
  enhanced_background: z.string().nullable(),
  personality_type: z.string().nullable(),
  social_style: z.string().nullable(),
  relationship_style: z.string().nullable(),
  core_values: z.array(z.string()),
  looking_for: z.array(z.enum(LOOKING_FOR)),
  /** 8 digits, assigned on the first save of the basic information. */
  user_code: z.string().nullable(),
  registration_order: z.number().int().nullable(),
  mailbox_address: z.string().nullable(),
  card_type: z.enum(MOMENT_TYPES).nullable(),
  card_image_url: z.string().nullable(),
  /** Same-origin paths, e.g. /uploads/<key>.webp, in the order chosen. */
  card_image_urls: z.array(z.string()),
  card_video_url: z.string().nullable(),
  card_text: z.string().nullable(),
  avatar_url: z.string().nullable(),
  /** The /search page's background picture (a same-origin path), or null for none. */
  search_background_url: z.string().nullable(),
  /** How opaque that picture is drawn, 0.1 to 1 (spec default 0.7). */
  search_background_opacity: z.number(),
  contact_info: ContactDetails,
  /** Whether a new mailbox message is also announced by e-mail. */
  notify_new_messages: z.boolean(),
  show_at_touchpoints: z.boolean(),
  weekly_introductions: z.boolean(),
  is_vip: z.boolean(),
  vip_expires_at: z.string().nullable(),
  premium_type: z.enum(['early_user', 'paid']).nullable(),
  premium_plan: z.enum(['monthly', 'yearly']).nullable(),
  premium_renews: z.boolean(),
  /** Hidden by the administrator while reports are reviewed. */
  hidden_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OwnProfile = z.infer<typeof OwnProfile>;

// Requests. The words of a refusal are the spec's (a 400 shows them as they are).

export const CONTACT_LIMITS = { entries: 6, label: 30, value: 200 } as const;

const oneLine = (max: number, name: string) =>
  z
    .string({ error: `Each contact needs a ${name}.` })
    .transform(singleLine)
    .pipe(z.string().min(1, `Each contact needs a ${name}.`).max(max, `A contact ${name} must be ${max} characters or fewer.`));

/** Quick Contact as the member saves it (PATCH /api/profile contactInfo). */
export const ContactDetailsRequest = z.strictObject({
  available: z.boolean({ error: 'Say whether your contact info is available.' }),
  entries: z
    .array(z.strictObject({ label: oneLine(CONTACT_LIMITS.label, 'label'), value: oneLine(CONTACT_LIMITS.value, 'value') }))
    .max(CONTACT_LIMITS.entries, `Share at most ${CONTACT_LIMITS.entries} contacts.`),
});

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
export const BasicInfoRequest = z
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

export type BasicInfoInput = z.output<typeof BasicInfoRequest>;
/** What a client sends: every field, as the form has checked it. */
export type BasicInfo = BasicInfoInput;

export const DISPLAY_NAME_MAX = 60;

/** PATCH /api/profile: what Settings and General change; at least one field. */
export const ProfileUpdateRequest = z
  .strictObject({
    name: z
      .string({ error: 'Display name is required.' })
      .transform(singleLine)
      .pipe(z.string().min(1, 'Display name is required.').max(DISPLAY_NAME_MAX, `Keep it under ${DISPLAY_NAME_MAX} characters.`))
      .optional(),
    contactInfo: ContactDetailsRequest.optional(),
    notifyNewMessages: z.boolean({ error: 'notifyNewMessages must be true or false.' }).optional(),
    searchBackgroundOpacity: z.number({ error: 'Opacity must be a number.' }).min(0.1, 'Opacity must be between 0.1 and 1.').max(1, 'Opacity must be between 0.1 and 1.').optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Nothing to update.');
export type ProfileUpdateInput = z.output<typeof ProfileUpdateRequest>;
export type ProfileUpdate = z.input<typeof ProfileUpdateRequest>;

/** The background's opacity, sent beside the image as ?opacity= (spec default 0.7). */
export const BackgroundQuery = z.strictObject({
  opacity: z.coerce.number({ error: 'Opacity must be a number.' }).min(0.1, 'Opacity must be between 0.1 and 1.').max(1, 'Opacity must be between 0.1 and 1.').default(0.7),
});
