import { z } from 'zod';

import { searchQueryText } from '../search/search.schema.js';

/** POST /api/search/analysis */
export const analysisSchema = z.strictObject({
  profileId: z.uuid({ error: 'A profile is required.' }),
  searchQuery: searchQueryText,
});

export type AnalysisRequest = z.infer<typeof analysisSchema>;
