// Moment mode: the recommended moments grid (GET /api/moments/recommended).
import useSWR from 'swr';

import type { RecommendedMoment, RecommendedMoments } from '../../../../contract/moments';
import type { ReportEvidence } from '../moderation/api';

export type { RecommendedMoment, RecommendedMoments };

export const recommendedKey = '/api/moments/recommended';

export function useRecommendedMoments(enabled: boolean) {
  const { data, error, isLoading, mutate } = useSWR<RecommendedMoments, Error>(enabled ? recommendedKey : null);
  return { data, error, isLoading, mutate };
}

/** A first moment's feed id is `first-moment:<profileId>`: it has no moment row of its own. */
export function momentEvidence(moment: RecommendedMoment): ReportEvidence {
  return moment.id.startsWith('first-moment:') ? { firstMoment: true } : { momentId: moment.id };
}
