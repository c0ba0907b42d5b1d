// Likes: whether the signed-in member likes a profile, and the toggle.
import { useState } from 'react';
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
  const { data, mutate, isLoading } = useSWR<LikeState, Error>(likeKey(profileId));
  const [saving, setSaving] = useState(false);
  const liked = data?.liked ?? false;

  const toggle = async () => {
    const next = !liked;
    setSaving(true);
    try {
      await mutate(setLike(profileId, next), { optimisticData: { liked: next }, rollbackOnError: true, revalidate: false });
    } catch (failure) {
      notify('error', 'Could not save your like', errorMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  return { liked, loading: isLoading, saving, toggle };
}
