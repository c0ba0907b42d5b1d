// NFC touchpoints as the administrator manages them (spec part 3, NFC Locations tab).
import useSWR from 'swr';

import type { DeletedNfcLocation, NfcLocation, NfcLocations, SavedNfcLocation } from '../../../../contract/nfc-locations';
import { api } from '../../api/client';

export type { NfcLocation };

export const nfcLocationsKey = '/api/admin/nfc-locations';

/** Newest first. */
export function useNfcLocations() {
  const { data, error, isLoading, mutate } = useSWR<NfcLocations, Error>(nfcLocationsKey);
  return { locations: data?.locations, error, isLoading, mutate };
}

export function createNfcLocation(location: { name: string; locationId: string; address?: string; isActive?: boolean }): Promise<SavedNfcLocation> {
  return api<SavedNfcLocation>(nfcLocationsKey, { method: 'POST', body: location });
}

export function updateNfcLocation(id: string, changes: { name?: string; address?: string; isActive?: boolean }): Promise<SavedNfcLocation> {
  return api<SavedNfcLocation>(`${nfcLocationsKey}/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes });
}

export function deleteNfcLocation(id: string): Promise<DeletedNfcLocation> {
  return api<DeletedNfcLocation>(`${nfcLocationsKey}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** The touchpoint page a visitor's tap opens. */
export const previewPath = (locationId: string) => `/nfc?location=${encodeURIComponent(locationId)}`;
