import type { ContactDetails } from '../../../../contract/profile.js';
import type { ContactInfo } from '../../db/schema.js';
import { type ActorFor, may } from '../../policies/index.js';

export type { ContactDetails };
type ContactEntry = ContactDetails['entries'][number];

function isContactEntry(entry: unknown): entry is ContactEntry {
  return typeof entry === 'object' && entry !== null && typeof (entry as Partial<Record<keyof ContactEntry, unknown>>).label === 'string' && typeof (entry as Partial<Record<keyof ContactEntry, unknown>>).value === 'string';
}

/** The stored object in today's shape; older rows kept `{ email, available }` (and the spec allowed any label as a key). */
export function readContactInfo(stored: ContactInfo | string | null | undefined): ContactDetails {
  let raw: unknown = stored;
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw);
    } catch {
      raw = {};
    }
  }
  if (typeof raw !== 'object' || raw === null) return { available: false, entries: [] };
  const record = raw as Record<string, unknown>;
  const entries: ContactEntry[] = Array.isArray(record.entries)
    ? (record.entries as unknown[]).filter(isContactEntry)
    : Object.entries(record)
        .filter(([key, value]) => key !== 'available' && key !== 'entries' && typeof value === 'string' && value.trim() !== '')
        .map(([key, value]) => ({ label: key === 'email' ? 'Email' : key, value: value as string }));
  return { available: record.available === true, entries };
}

export function storedContactInfo(details: ContactDetails): ContactInfo {
  return { available: details.available, entries: details.entries };
}

/** A new profile starts with the sign-in address as its one contact, not available until the member says so. */
export const initialContactInfo = (email: string): ContactInfo => storedContactInfo({ available: false, entries: [{ label: 'Email', value: email }] });

/** A member shared contact details that only premium members see: that they exist, not what they are. */
export interface LockedContactInfo {
  available: true;
  premiumOnly: true;
}

/** Who is looking at contact info, as the policy asks (policies/contact-info.ts). */
export type ContactViewer = ActorFor<'contact.view'>;

/** What a viewer may see of a member's contact info: all of it, that it is for premium members, or that there is none. */
export function visibleContactInfo(viewer: ContactViewer, ownerUserId: string, stored: ContactInfo): ContactDetails | LockedContactInfo | { available: false } {
  const details = readContactInfo(stored);
  const available = details.available && details.entries.length > 0;
  if (may(viewer, 'contact.view', { userId: ownerUserId, available })) return details;
  // Not theirs to see: that premium members would see it, or that there is nothing to see.
  return available ? { available: true, premiumOnly: true } : { available: false };
}
