// Likes: whether the signed-in member likes a profile, and the toggle.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';

import type { LikedProfile, LikesResponse, LikeState } from '../../../../contract/likes';
import { api } from '../../api/client';
import { errorMessage, notify } from '../auth/notify';

export const likeKey = (profileId: string) => `/api/likes/${encodeURIComponent(profileId)}`;

export function setLike(profileId: string, liked: boolean): Promise<LikeState> {
  return api<LikeState>(likeKey(profileId), { method: liked ? 'PUT' : 'DELETE' });
}

/** The like of one profile: read from the server, toggled optimistically, rolled back on failure. */
export function useLike(profileId: string) {
  const { t } = useTranslation('connections');
  const { data, mutate, isLoading } = useSWR<LikeState, Error>(likeKey(profileId));
  const [saving, setSaving] = useState(false);
  const liked = data?.liked ?? false;

  const toggle = async () => {
    const next = !liked;
    setSaving(true);
    try {
      await mutate(setLike(profileId, next), { optimisticData: { liked: next }, rollbackOnError: true, revalidate: false });
    } catch (failure) {
      notify('error', t('likes.saveFailed'), errorMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  return { liked, loading: isLoading, saving, toggle };
}

export type { LikedProfile };

export const likesKey = '/api/likes';

/** The member's liked profiles, newest first. */
export function useLikedProfiles() {
  const { data, error, isLoading, mutate } = useSWR<LikesResponse, Error>(likesKey);
  return { likes: data?.likes, error, isLoading, mutate };
}
