import { z } from 'zod';

import { RULE_KINDS } from '../matching/rules.js';

export const QUERY_MAX = 500;
const BLANK = 'Please enter a search query.';

/** A search's words, as typed (the analysis of a result is keyed by them too). */
export const searchQueryText = z
  .string({ error: BLANK })
  .trim()
  .min(1, BLANK)
  .max(QUERY_MAX, `Keep your search under ${QUERY_MAX} characters.`);

/** POST /api/search. `ignore`: the rules read from the query that the member dropped (a chip removed). */
export const searchSchema = z.strictObject({
  query: searchQueryText,
  ignore: z.array(z.enum(RULE_KINDS, { error: 'Unknown search rule.' })).max(RULE_KINDS.length).optional(),
});

export type SearchInput = z.infer<typeof searchSchema>;
