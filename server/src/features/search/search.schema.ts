import { z } from 'zod';

import { RULE_KINDS } from './search-rules.js';

export const QUERY_MAX = 500;
const BLANK = 'Please enter a search query.';

const query = z
  .string({ error: BLANK })
  .trim()
  .min(1, BLANK)
  .max(QUERY_MAX, `Keep your search under ${QUERY_MAX} characters.`);

/** POST /api/search. `ignore`: the rules read from the query that the member dropped (a chip removed). */
export const searchSchema = z.strictObject({
  query,
  ignore: z.array(z.enum(RULE_KINDS, { error: 'Unknown search rule.' })).max(RULE_KINDS.length).optional(),
});

/** POST /api/search/analysis */
export const analysisSchema = z.strictObject({
  profileId: z.uuid({ error: 'A profile is required.' }),
  searchQuery: query,
});

export type SearchInput = z.infer<typeof searchSchema>;
export type AnalysisRequest = z.infer<typeof analysisSchema>;
