import { z } from 'zod';

export const QUERY_MAX = 500;
const BLANK = 'Please enter a search query.';

const query = z
  .string({ error: BLANK })
  .trim()
  .min(1, BLANK)
  .max(QUERY_MAX, `Keep your search under ${QUERY_MAX} characters.`);

/** POST /api/search */
export const searchSchema = z.strictObject({ query });

/** POST /api/search/analysis */
export const analysisSchema = z.strictObject({
  profileId: z.uuid({ error: 'A profile is required.' }),
  searchQuery: query,
});

export type SearchInput = z.infer<typeof searchSchema>;
export type AnalysisRequest = z.infer<typeof analysisSchema>;
