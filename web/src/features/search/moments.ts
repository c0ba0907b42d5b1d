// Moment mode: the recommended moments grid (GET /api/moments/recommended).
import useSWR from 'swr';

import type { ReportEvidence } from '../moderation/api';

export interface RecommendedMoment {
  id: string;
  type: 'image' | 'video' | 'text';
  content: string | null;
  image: string | null;
  video: string | null;
  caption: string | null;
  likes: number;
  comments: number;
  createdAt: string;
  author: { name: string | null; avatar: string | null; bio: string | null; aiBackground: string | null; userId: string; profileId: string };
}

export interface RecommendedMoments {
  moments: RecommendedMoment[];
  /** true when these are the built-in samples (nobody has posted yet). */
  sample: boolean;
}

export const recommendedKey = '/api/moments/recommended';

export function useRecommendedMoments(enabled: boolean) {
  const { data, error, isLoading, mutate } = useSWR<RecommendedMoments, Error>(enabled ? recommendedKey : null);
  return { data, error, isLoading, mutate };
}

/** A first moment's feed id is `first-moment:<profileId>`: it has no moment row of its own. */
export function momentEvidence(moment: RecommendedMoment): ReportEvidence {
  return moment.id.startsWith('first-moment:') ? { firstMoment: true } : { momentId: moment.id };
}
