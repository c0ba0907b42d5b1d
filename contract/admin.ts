import { z } from 'zod';

const cents = z.number().int();

/** GET /api/admin/overview: the dashboard's figures. */
export const Overview = z.strictObject({
  counts: z.strictObject({
    users: z.number().int(),
    profiles: z.number().int(),
    chatSessions: z.number().int(),
    payments: z.number().int(),
    userSearches: z.number().int(),
    vipProfiles: z.number().int(),
  }),
  /** VIP profiles over users, ×100, rounded to a whole number. */
  vipConversionPercent: z.number(),
  /** Searches over users, rounded to one decimal. */
  averageSearchesPerUser: z.number(),
  /** Completed payments only, in cents. */
  revenue: z.strictObject({ currency: z.string(), totalCents: cents, donationCents: cents, subscriptionCents: cents, monthlyCents: cents, yearlyCents: cents }),
});
export type Overview = z.infer<typeof Overview>;

/** An account as the Users tab lists it. */
export const AdminUser = z.strictObject({
  id: z.uuid(),
  email: z.string(),
  createdAt: z.string(),
  /** The administrator hid the profile (moderation); the Users tab offers to show it again. */
  hidden: z.boolean(),
  /** The administrator suspended the account; the Users tab offers to lift it. */
  suspended: z.boolean(),
  profile: z
    .strictObject({
      name: z.string().nullable(),
      userCode: z.string().nullable(),
      isVip: z.boolean(),
      vipExpiresAt: z.string().nullable(),
      registrationOrder: z.number().int().nullable(),
    })
    .nullable(),
});
export type AdminUser = z.infer<typeof AdminUser>;

/** GET /api/admin/users?search=&limit=&offset= */
export const AdminUsers = z.strictObject({ users: z.array(AdminUser), total: z.number().int() });
export type AdminUsers = z.infer<typeof AdminUsers>;

/** DELETE /api/admin/users/:userId */
export const DeletedUser = z.strictObject({ deleted: z.literal(true), email: z.string() });
export type DeletedUser = z.infer<typeof DeletedUser>;

/** A payment as the Payments tab lists it, newest first. */
export const AdminPayment = z.strictObject({
  id: z.uuid(),
  /** The payer's e-mail; null once the account has been purged. */
  email: z.string().nullable(),
  /** donation, monthly or yearly */
  paymentType: z.string(),
  amountCents: cents,
  currency: z.string(),
  /** completed, pending, or what the card provider said */
  status: z.string(),
  /** The card provider's checkout session id. */
  sessionId: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminPayment = z.infer<typeof AdminPayment>;

/** GET /api/admin/payments */
export const AdminPayments = z.strictObject({ payments: z.array(AdminPayment) });
export type AdminPayments = z.infer<typeof AdminPayments>;

/** One setting as the Settings tab shows it: the effective value as text; a secret is masked when set and '' when not. */
export const ServerSetting = z.strictObject({ name: z.string(), value: z.string(), secret: z.boolean() });
export type ServerSetting = z.infer<typeof ServerSetting>;

/** Which Kindred the server runs: package.json's version and the commit it was built from. */
export const ServerRelease = z.strictObject({ version: z.string(), commit: z.string() });
export type ServerRelease = z.infer<typeof ServerRelease>;

/** GET /api/admin/settings */
export const ServerSettings = z.strictObject({ release: ServerRelease, settings: z.array(ServerSetting) });
export type ServerSettings = z.infer<typeof ServerSettings>;
