// The touchpoint wall (spec part 3: comments and replies one level deep).
import useSWR from 'swr';

import type { DeletedComment, LocationComment, LocationComments, PostedComment } from '../../../../contract/location-comments';
import { api } from '../../api/client';

export type { LocationComment };

export const COMMENT_MAX = 500;

const key = (locationId: string) => `/api/locations/${encodeURIComponent(locationId)}/comments`;

export function useComments(locationId: string, enabled: boolean) {
  const { data, error, isLoading, mutate } = useSWR<LocationComments, Error>(enabled ? key(locationId) : null);
  return { comments: data?.comments ?? [], error, isLoading, mutate };
}

export function postComment(locationId: string, comment: string, parentCommentId: string | null): Promise<PostedComment> {
  return api<PostedComment>(key(locationId), { method: 'POST', body: parentCommentId ? { comment, parentCommentId } : { comment } });
}

export function deleteComment(id: string): Promise<DeletedComment> {
  return api<DeletedComment>(`/api/comments/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
