import { z } from 'zod';

/** The kinds of people a member may look for. */
export const LOOKING_FOR = ['friend', 'activity_partner', 'partner'] as const;

/** A member's Quick Contact entry ("Instagram", "@ana"). */
export const ContactEntry = z.strictObject({ label: z.string(), value: z.string() });

/** Contact details as another member sees them: shown, shared with premium members only, or not shared. */
export const VisibleContactInfo = z.union([
  z.strictObject({ available: z.boolean(), entries: z.array(ContactEntry) }),
  z.strictObject({ available: z.literal(true), premiumOnly: z.literal(true) }),
  z.strictObject({ available: z.literal(false) }),
]);
export type VisibleContactInfo = z.infer<typeof VisibleContactInfo>;

export const FirstMoment = z.strictObject({
  type: z.enum(['image', 'video', 'text']),
  imageUrl: z.string().nullable(),
  videoUrl: z.string().nullable(),
  textContent: z.string().nullable(),
  caption: z.string().nullable(),
});
export type FirstMoment = z.infer<typeof FirstMoment>;

/** A profile as another member sees it (GET /api/profiles/:profileId, connections), with the spec's field names. */
export const ProfileCard = z.strictObject({
  id: z.uuid(),
  userId: z.uuid(),
  name: z.string().nullable(),
  age: z.number().int().nullable(),
  location: z.string().nullable(),
  profession: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  bio: z.string().nullable(),
  enhancedBackground: z.string().nullable(),
  interests: z.array(z.string()),
  isVip: z.boolean(),
  /** A verified campus member: signed in with the campus account, or an address in SIGNUP_EMAIL_DOMAINS. */
  campusVerified: z.boolean(),
  contactInfo: VisibleContactInfo,
  personalityType: z.string().nullable(),
  socialStyle: z.string().nullable(),
  relationshipStyle: z.string().nullable(),
  coreValues: z.array(z.string()),
  firstMoment: FirstMoment.nullable(),
});
export type ProfileCard = z.infer<typeof ProfileCard>;

/** A profile as a visitor who is not signed in sees it (a touchpoint's list). */
export const VisitorCard = ProfileCard.omit({ userId: true, contactInfo: true });
export type VisitorCard = z.infer<typeof VisitorCard>;
