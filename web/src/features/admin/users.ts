// The Users tab: every account with its profile, a page at a time, and deleting one.
import useSWR from 'swr';

import type { AdminUser, AdminUsers, DeletedUser } from '../../../../contract/admin';
import { api } from '../../api/client';

export type { AdminUser };

export const USERS_PAGE_SIZE = 50;

export function useAdminUsers(search: string, page: number) {
  const query = new URLSearchParams({ search, limit: String(USERS_PAGE_SIZE), offset: String(page * USERS_PAGE_SIZE) });
  // The last page stays on screen while the next one (or a new search) loads.
  const { data, error, isLoading, isValidating, mutate } = useSWR<AdminUsers, Error>(`/api/admin/users?${query.toString()}`, { keepPreviousData: true });
  return { users: data?.users, total: data?.total ?? 0, error, isLoading, isValidating, mutate };
}

/** `currentPassword` is the administrator's step-up proof (features/auth/stepUp). */
export function deleteUser(userId: string, currentPassword?: string): Promise<DeletedUser> {
  return api<DeletedUser>(`/api/admin/users/${encodeURIComponent(userId)}`, { method: 'DELETE', body: { currentPassword } });
}

/** The VIP rule (spec part 3 §4): is_vip, and no expiry or one still ahead. */
export function isVipNow(profile: AdminUser['profile'], now = new Date()): boolean {
  if (!profile?.isVip) return false;
  return !profile.vipExpiresAt || new Date(profile.vipExpiresAt).getTime() > now.getTime();
}
