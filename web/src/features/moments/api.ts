// Posted moments (spec: the moment upload dialog and the Moment History page): post one, list
// one's own, delete one. The multipart body is the first moment's (features/moment).
import useSWR from 'swr';

import type { MyMoments, UserMoment } from '../../../../contract/moments';
import { api, apiForm } from '../../api/client';
import { momentFormData } from '../moment/api';
import type { MomentDraft } from '../moment/api';

/** The server keeps at most this many characters of a caption. */
export const MAX_CAPTION_LENGTH = 300;

export type { UserMoment };

export const myMomentsKey = '/api/moments/mine';

/** The member's own moments except the first, newest first. */
export function useMyMoments() {
  const { data, error, isLoading, mutate } = useSWR<MyMoments, Error>(myMomentsKey);
  return { moments: data?.moments, error, isLoading, mutate };
}

/**
 * POST /api/moments. The spec: "Only the first file is uploaded", so only the first image goes;
 * a caption belongs to an image or a video (the server ignores one on a text moment).
 */
export function postMoment(draft: MomentDraft, caption: string): Promise<UserMoment> {
  const first = draft.type === 'image' ? { type: 'image' as const, images: draft.images.slice(0, 1) } : draft;
  const form = momentFormData(first);
  const trimmed = caption.trim();
  if (draft.type !== 'text' && trimmed) form.append('caption', trimmed);
  return apiForm<UserMoment>('/api/moments', 'POST', form);
}

/** DELETE /api/moments/:id (a soft delete on the server; the member sees it as permanent). */
export function deleteMoment(id: string): Promise<void> {
  return api<void>(`/api/moments/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
