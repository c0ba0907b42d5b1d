// Likes: whether the signed-in member likes a profile, and the toggle.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';

import { api } from '../../api/client';
import { errorMessage, notify } from '../auth/notify';

interface LikeState {
  liked: boolean;
}

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

/** A liked profile as the General screen lists it. */
export interface LikedProfile {
  profileId: string;
  userId: string;
  name: string | null;
  age: number | null;
  location: string | null;
  avatarUrl: string | null;
  isVip: boolean;
  likedAt: string;
}

export const likesKey = '/api/likes';

/** The member's liked profiles, newest first. */
export function useLikedProfiles() {
  const { data, error, isLoading, mutate } = useSWR<{ likes: LikedProfile[] }, Error>(likesKey);
  return { likes: data?.likes, error, isLoading, mutate };
}
