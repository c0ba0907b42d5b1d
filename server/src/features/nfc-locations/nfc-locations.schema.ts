import { z } from 'zod';

import { singleLine } from '../../../../contract/text.js';

/** The spec's words (part 3 §5, §8) where it has them. */
export const NFC_LOCATION_MESSAGES = {
  required: 'Please fill in required fields',
  locationIdFormat: 'Location ID must be short English letters, numbers, - or _, without spaces.',
  locationIdImmutable: 'Location ID cannot be changed after creation.',
  locationIdTaken: 'That location ID is already in use.',
  nameTooLong: (max: number) => `The name must be ${max} characters or fewer.`,
  addressTooLong: (max: number) => `The address must be ${max} characters or fewer.`,
  nothingToChange: 'Nothing to change.',
  notFound: 'Location not found.',
} as const;

/** The table's own bounds (migrations/20261128000100_admin.ts). */
export const LOCATION_ID_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;
export const NAME_MAX = 100;
export const ADDRESS_MAX = 200;

const M = NFC_LOCATION_MESSAGES;
/** Code points, as Postgres's char_length counts them. */
const length = (text: string) => [...text].length;

const name = z
  .string({ error: M.required })
  .transform(singleLine)
  .pipe(z.string().min(1, M.required).refine((s) => length(s) <= NAME_MAX, M.nameTooLong(NAME_MAX)));

/** Optional; blank means none. */
const address = z
  .string({ error: 'The address must be text.' })
  .transform(singleLine)
  .pipe(z.string().refine((s) => length(s) <= ADDRESS_MAX, M.addressTooLong(ADDRESS_MAX)))
  .transform((s) => (s === '' ? null : s))
  .nullable();

const isActive = z.boolean({ error: 'isActive must be true or false.' });

/** POST /api/admin/nfc-locations */
export const createLocationSchema = z.strictObject({
  name,
  locationId: z
    .string({ error: M.required })
    .trim()
    .pipe(z.string().min(1, M.required).regex(LOCATION_ID_PATTERN, M.locationIdFormat)),
  address: address.optional(),
  isActive: isActive.optional(),
});
export type CreateLocationInput = z.infer<typeof createLocationSchema>;

/** PATCH /api/admin/nfc-locations/:id. The location ID is printed on tags: it never changes. */
export const updateLocationSchema = z
  .strictObject({
    locationId: z.never({ error: M.locationIdImmutable }).optional(),
    name: name.optional(),
    address: address.optional(),
    isActive: isActive.optional(),
  })
  .refine((input) => input.name !== undefined || input.address !== undefined || input.isActive !== undefined, M.nothingToChange);
export type UpdateLocationInput = z.infer<typeof updateLocationSchema>;
