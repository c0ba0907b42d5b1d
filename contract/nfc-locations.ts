import { z } from 'zod';

/** An NFC touchpoint as the administrator manages it (spec part 3, NFC Locations tab). */
export const NfcLocation = z.strictObject({
  id: z.uuid(),
  /** Short English identifier, no spaces; fixed once created (it is printed on the tag). */
  locationId: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  isActive: z.boolean(),
  visitorCount: z.number().int(),
  createdAt: z.string(),
});
export type NfcLocation = z.infer<typeof NfcLocation>;

/** GET /api/admin/nfc-locations: newest first. */
export const NfcLocations = z.strictObject({ locations: z.array(NfcLocation) });
export type NfcLocations = z.infer<typeof NfcLocations>;

/** POST and PATCH /api/admin/nfc-locations(/:id) */
export const SavedNfcLocation = z.strictObject({ location: NfcLocation });
export type SavedNfcLocation = z.infer<typeof SavedNfcLocation>;

/** DELETE /api/admin/nfc-locations/:id */
export const DeletedNfcLocation = z.strictObject({ deleted: z.literal(true) });
export type DeletedNfcLocation = z.infer<typeof DeletedNfcLocation>;
