// The member's own profile: the typed endpoints and the swr hook that reads it.
import useSWR from 'swr';

import type {
  AvatarRemoved,
  AvatarSaved,
  BackgroundRemoved,
  BackgroundSaved,
  BasicInfo,
  ContactDetails,
  Gender,
  MomentType,
  OwnProfile,
  ProfileUpdate,
  RelationshipStatus,
} from '../../../../contract/profile';
import { api, apiBlob } from '../../api/client';

export const genders = ['male', 'female', 'non-binary', 'prefer-not-to-say'] as const satisfies readonly Gender[];
export type { ContactDetails, Gender, MomentType, RelationshipStatus };
export const relationshipStatuses = ['single_straight', 'single_lgbtq', 'not_single'] as const satisfies readonly RelationshipStatus[];

/** GET /api/profile: the spec's column names, snake_case. */
export type Profile = OwnProfile;
export type ContactEntry = ContactDetails['entries'][number];

export type { BasicInfo, ProfileUpdate };

/** The basic information form's values: a choice not made yet is ''. */
export type BasicInfoValues = Omit<BasicInfo, 'gender' | 'relationshipStatus'> & { gender: Gender | ''; relationshipStatus: RelationshipStatus | '' };

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

export const profileKey = '/api/profile';

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
