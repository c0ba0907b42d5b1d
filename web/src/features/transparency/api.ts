import useSWR from 'swr';

import type { TransparencyCount, TransparencyMonth, TransparencyReport } from '../../../../contract/transparency';

export type { TransparencyCount, TransparencyMonth };

/** GET /api/transparency: public, counts only. */
export function useTransparency() {
  const { data, error } = useSWR<TransparencyReport, Error>('/api/transparency');
  return { report: data, error };
}
