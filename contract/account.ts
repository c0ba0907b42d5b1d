import { z } from 'zod';

/** DELETE /api/account: what the member is told, and when the purge removes the data for good. */
export const DeletionReceipt = z.strictObject({
  message: z.string(),
  deletedAt: z.string(),
  purgeAfter: z.string(),
});
export type DeletionReceipt = z.infer<typeof DeletionReceipt>;

/** PUT /api/account/language */
export const LanguageResponse = z.strictObject({ language: z.string() });

/** A deleted account's profile, for the administrator's Delete-function test page. */
export const DeletedProfile = z.strictObject({
  id: z.uuid(),
  userId: z.uuid(),
  deletedEmail: z.string(),
  name: z.string().nullable(),
  deletedAt: z.string(),
});
export type DeletedProfile = z.infer<typeof DeletedProfile>;

/** GET /api/admin/deleted-profiles */
export const DeletedProfilesResponse = z.strictObject({ deletedProfiles: z.array(DeletedProfile) });
export type DeletedProfilesResponse = z.infer<typeof DeletedProfilesResponse>;
