// Moment mode: the recommended moments grid (GET /api/moments/recommended).
import useSWR from 'swr';

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
