// NFC touchpoints as the administrator manages them (spec part 3, NFC Locations tab).
import useSWR from 'swr';

import { api } from '../../api/client';

export interface NfcLocation {
  id: string;
  /** Short English identifier, no spaces; fixed once created (it is printed on the tag). */
  locationId: string;
  name: string;
  address: string | null;
  isActive: boolean;
  visitorCount: number;
  createdAt: string;
}

export const nfcLocationsKey = '/api/admin/nfc-locations';

/** Newest first. */
export function useNfcLocations() {
  const { data, error, isLoading, mutate } = useSWR<{ locations: NfcLocation[] }, Error>(nfcLocationsKey);
  return { locations: data?.locations, error, isLoading, mutate };
}

export function createNfcLocation(location: { name: string; locationId: string; address?: string; isActive?: boolean }): Promise<unknown> {
  return api(nfcLocationsKey, { method: 'POST', body: location });
}

export function updateNfcLocation(id: string, changes: { name?: string; address?: string; isActive?: boolean }): Promise<unknown> {
  return api(`${nfcLocationsKey}/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes });
}

export function deleteNfcLocation(id: string): Promise<unknown> {
  return api(`${nfcLocationsKey}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** The touchpoint page a visitor's tap opens. */
export const previewPath = (locationId: string) => `/nfc?location=${encodeURIComponent(locationId)}`;
