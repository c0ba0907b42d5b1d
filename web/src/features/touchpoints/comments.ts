// The touchpoint wall (spec part 3: comments and replies one level deep).
import useSWR from 'swr';

import { api } from '../../api/client';

export interface LocationComment {
  id: string;
  comment: string;
  createdAt: string;
  parentCommentId: string | null;
  author: 'member' | 'visitor';
  mine: boolean;
  canDelete: boolean;
}

export const COMMENT_MAX = 500;

const key = (locationId: string) => `/api/locations/${encodeURIComponent(locationId)}/comments`;

export function useComments(locationId: string, enabled: boolean) {
  const { data, error, isLoading, mutate } = useSWR<{ comments: LocationComment[] }, Error>(enabled ? key(locationId) : null);
  return { comments: data?.comments ?? [], error, isLoading, mutate };
}

export function postComment(locationId: string, comment: string, parentCommentId: string | null): Promise<{ comment: LocationComment }> {
  return api(key(locationId), { method: 'POST', body: parentCommentId ? { comment, parentCommentId } : { comment } });
}

export function deleteComment(id: string): Promise<{ deleted: true }> {
  return api(`/api/comments/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
