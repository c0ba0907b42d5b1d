// Leaving and taking one's data (spec part 3, Delete Account and the Delete-function test page).
import useSWR from 'swr';

import type { DeletedProfilesResponse, DeletionReceipt } from '../../../../contract/account';
import { api } from '../../api/client';

/** The phrase the member types, exactly (spec part 3 §5). */
export const DELETE_PHRASE = 'DELETE MY ACCOUNT';
/** The spec's pause between the success toast and signing out (part 3 §9). */
export const SIGN_OUT_DELAY_MS = 2_000;

export type { DeletionReceipt };

/** `currentPassword` is the step-up proof (features/auth/stepUp): without it the server may answer step_up_required. */
export function deleteAccount(confirmation: string, currentPassword?: string): Promise<DeletionReceipt> {
  return api<DeletionReceipt>('/api/account', { method: 'DELETE', body: { confirmation, currentPassword } });
}

/** The JSON file of everything held about the member; the browser downloads it (Content-Disposition). */
export const exportUrl = '/api/account/export';

/** Administrator only: the deleted profiles list of /test-delete. Loaded when asked for. */
export function useDeletedProfiles(enabled: boolean) {
  const { data, error, isLoading, mutate } = useSWR<DeletedProfilesResponse, Error>(enabled ? '/api/admin/deleted-profiles' : null);
  return { deletedProfiles: data?.deletedProfiles, error, isLoading, mutate };
}
