// The first moment (the card on a member's profile): the spec's limits, the checks the editor runs
// before sending, and the one upload endpoint.
import { apiForm } from '../../api/client';
import type { MomentType, Profile } from '../profile/api';

export const MAX_IMAGES = 8;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_VIDEO_BYTES = 100 * 1024 * 1024;
export const MAX_TEXT_LENGTH = 500;

export const imageAccept = 'image/png,image/jpeg,image/webp,.png,.jpg,.jpeg,.webp';
export const videoAccept = 'video/mp4,video/quicktime,video/webm,.mp4,.mov,.webm';

const imageTypes = new Set(['image/png', 'image/jpeg', 'image/webp']);
const imageExtensions = /\.(png|jpe?g|webp)$/i;
const videoTypes = new Set(['video/mp4', 'video/quicktime', 'video/webm']);
const videoExtensions = /\.(mp4|mov|webm)$/i;

/** PNG, JPG or WEBP; by the browser's type, or by the name when the browser does not know it. */
export function isAllowedImage(file: File): boolean {
  return file.type ? imageTypes.has(file.type) : imageExtensions.test(file.name);
}

/** MP4, MOV or WEBM. */
export function isAllowedVideo(file: File): boolean {
  return file.type ? videoTypes.has(file.type) : videoExtensions.test(file.name);
}

export type MomentDraft =
  | { type: 'image'; images: File[] }
  | { type: 'video'; video: File }
  | { type: 'text'; text: string };

/**
 * The multipart body of a moment upload: `type` first (the server checks each file against it as
 * it streams in), then the files or the text. The first moment and posted moments share it.
 */
export function momentFormData(draft: MomentDraft): FormData {
  const form = new FormData();
  form.append('type', draft.type);
  if (draft.type === 'image') for (const image of draft.images) form.append('images', image, image.name);
  if (draft.type === 'video') form.append('video', draft.video, draft.video.name);
  if (draft.type === 'text') form.append('text', draft.text);
  return form;
}

/** PUT /api/profile/first-moment (multipart). The answer is the saved profile row. */
export function saveFirstMoment(draft: MomentDraft): Promise<Profile> {
  return apiForm<Profile>('/api/profile/first-moment', 'PUT', momentFormData(draft));
}

/** The images of a saved moment, in order (older rows may only have the single URL). */
export function momentImages(profile: Profile): string[] {
  if (profile.card_image_urls.length > 0) return profile.card_image_urls;
  return profile.card_image_url ? [profile.card_image_url] : [];
}

/** Whether the member has a first moment to show. */
export function hasMoment(profile: Profile): boolean {
  switch (profile.card_type) {
    case 'image':
      return momentImages(profile).length > 0;
    case 'video':
      return Boolean(profile.card_video_url);
    case 'text':
      return Boolean(profile.card_text?.trim());
    default:
      return false;
  }
}

export type { MomentType };
