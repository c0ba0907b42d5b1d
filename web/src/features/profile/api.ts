// The member's own profile: the typed endpoints and the swr hook that reads it.
import useSWR from 'swr';

import type { AvatarRemoved, AvatarSaved, BackgroundRemoved, BackgroundSaved } from '../../../../contract/profile';
import { api, apiBlob } from '../../api/client';

export const genders = ['male', 'female', 'non-binary', 'prefer-not-to-say'] as const;
export type Gender = (typeof genders)[number];

export const relationshipStatuses = ['single_straight', 'single_lgbtq', 'not_single'] as const;
export type RelationshipStatus = (typeof relationshipStatuses)[number];

/** The first moment's kind (spec: the card). */
export type MomentType = 'image' | 'video' | 'text';

/** GET /api/profile: the spec's column names, snake_case. Only the fields the SPA reads are typed. */
export interface Profile {
  name: string | null;
  /** yyyy-MM-dd */
  birth_date: string | null;
  age: number | null;
  location: string | null;
  gender: Gender | null;
  profession: string | null;
  relationship_status: RelationshipStatus | null;
  /** 8 digits, assigned on the first save of the basic information. */
  user_code: string | null;
  registration_order: number | null;
  mailbox_address: string | null;
  card_type: MomentType | null;
  card_image_url: string | null;
  /** Same-origin paths, e.g. /uploads/<key>.webp, in the order chosen. */
  card_image_urls: string[];
  card_video_url: string | null;
  card_text: string | null;
  bio: string | null;
  /** The /search page's background picture (a same-origin path), or null for none. */
  search_background_url: string | null;
  /** How opaque that picture is drawn, 0.1 to 1 (spec default 0.7). */
  search_background_opacity: number | null;
  avatar_url: string | null;
  /** What the member shares in Quick Contact, and whether it is available to others. */
  contact_info: ContactDetails;
  /** Whether a new mailbox message is also announced by e-mail. */
  notify_new_messages: boolean;
  is_vip: boolean;
  vip_expires_at: string | null;
  premium_type: 'early_user' | 'paid' | null;
}

export interface ContactEntry {
  label: string;
  value: string;
}

export interface ContactDetails {
  available: boolean;
  entries: ContactEntry[];
}

/** PATCH /api/profile: what Settings and General change. */
export interface ProfileUpdate {
  name?: string;
  contactInfo?: ContactDetails;
  notifyNewMessages?: boolean;
  searchBackgroundOpacity?: number;
}

export function updateProfile(update: ProfileUpdate): Promise<Profile> {
  return api<Profile>(profileKey, { method: 'PATCH', body: update });
}

/** The cropped avatar (a 400×400 PNG); the server re-encodes it. */
export function uploadAvatar(image: Blob): Promise<AvatarSaved> {
  return apiBlob<AvatarSaved>('/api/profile/avatar', 'POST', image);
}

export function removeAvatar(): Promise<AvatarRemoved> {
  return api<AvatarRemoved>('/api/profile/avatar', { method: 'DELETE' });
}

export function uploadBackground(image: Blob, opacity: number): Promise<BackgroundSaved> {
  return apiBlob<BackgroundSaved>(`/api/profile/background?opacity=${opacity.toFixed(2)}`, 'POST', image);
}

export function removeBackground(): Promise<BackgroundRemoved> {
  return api<BackgroundRemoved>('/api/profile/background', { method: 'DELETE' });
}

/** PUT /api/profile/basic. */
export interface BasicInfo {
  name: string;
  /** yyyy-MM-dd */
  birthDate: string;
  location: string;
  gender: Gender | '';
  profession: string;
  relationshipStatus: RelationshipStatus | '';
}

export const profileKey = '/api/profile';

export function getProfile(): Promise<Profile> {
  return api<Profile>(profileKey);
}

/** Saves the basic information; the answer is the saved profile, with location and profession standardized. */
export function saveBasicInfo(info: BasicInfo): Promise<Profile> {
  return api<Profile>('/api/profile/basic', { method: 'PUT', body: info });
}

/** The signed-in member's profile. Pass `enabled: false` until the session says someone is signed in. */
export function useProfile(enabled = true) {
  const { data, error, isLoading, mutate } = useSWR<Profile, Error>(enabled ? profileKey : null);
  return { profile: data, error, isLoading, mutate };
}

/** Everything the create flow asks for, plus the card: when all are there, onboarding is done. */
export function hasCompleteProfile(profile: Profile): boolean {
  return Boolean(profile.name && profile.birth_date && profile.location && profile.gender && profile.profession && profile.card_type);
}
