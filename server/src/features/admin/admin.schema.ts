import { z } from 'zod';

import { currentPasswordField } from '../../auth/step-up.js';

export const USERS_PAGE_DEFAULT = 50;
export const USERS_PAGE_MAX = 200;
/** The Payments tab shows the latest payments; older ones are for the payment provider's own reports. */
export const PAYMENTS_LIMIT = 200;

export const ADMIN_MESSAGES = {
  userNotFound: 'User not found.',
  cannotDeleteSelf: 'You cannot delete your own account here. Use Delete Account in General.',
} as const;

/** GET /api/admin/users?search=&limit=50&offset=0 */
export const usersQuerySchema = z.strictObject({
  search: z.string().max(320).trim().optional(),
  limit: z.coerce.number().int().min(1).max(USERS_PAGE_MAX).default(USERS_PAGE_DEFAULT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type UsersQuery = z.infer<typeof usersQuerySchema>;

/** DELETE /api/admin/users/:userId: the administrator's step-up proof, nothing else. */
export const deleteUserSchema = z.strictObject({ currentPassword: currentPasswordField });
