import { z } from 'zod';

import { LOOKING_FOR, ProfileCard } from './profile-card.js';

/** What a query states as a rule and the search box shows as a removable chip. */
export const RULE_KINDS = ['age', 'gender', 'intent', 'city'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

export const SEARCH_QUERY_MAX = 500;
const BLANK = 'Please enter a search query.';

/** A search's words, as typed (the analysis of a result is keyed by them too). */
const SearchQueryText = z
  .string({ error: BLANK })
  .trim()
  .min(1, BLANK)
  .max(SEARCH_QUERY_MAX, `Keep your search under ${SEARCH_QUERY_MAX} characters.`);

/** POST /api/search. `ignore`: the rules read from the query that the member dropped (a chip removed). */
export const SearchRequest = z.strictObject({
  query: SearchQueryText,
  ignore: z.array(z.enum(RULE_KINDS, { error: 'Unknown search rule.' })).max(RULE_KINDS.length).optional(),
  /** The "Campus-verified only" chip: only members who signed in with the campus account (SEARCH_VERIFIED_ONLY makes it always so). */
  verifiedOnly: z.boolean({ error: 'verifiedOnly must be true or false.' }).optional(),
  /** The "Show everyone" switch: also members whose own stated wishes leave the searcher out (two-way wishes are the default). */
  showEveryone: z.boolean({ error: 'showEveryone must be true or false.' }).optional(),
});
export type SearchRequest = z.infer<typeof SearchRequest>;

export const ANALYSIS_STATUSES = ['pending', 'generating', 'completed', 'failed'] as const;

/** One result: the profile card and what the match says about it. */
export const SearchResult = ProfileCard.extend({
  /** 55–99, one decimal. */
  matchPercentage: z.number(),
  whyMatch: z.string(),
  /** Meets every rule the query states (always true when it states none); listed before those who do not. */
  meetsRules: z.boolean(),
  /** 0–100 each. */
  personalityMatch: z.number(),
  lifestyleAlignment: z.number(),
  growthPotential: z.number(),
  connectionType: z.string(),
  vectorSimilarity: z.number(),
  /** Always null: a member's address is never shown to other members. */
  ip_address: z.null(),
  analysisStatus: z.enum(ANALYSIS_STATUSES),
});
export type SearchResult = z.infer<typeof SearchResult>;

/** A rule as the server read it, in the viewer's language. */
export const RuleChip = z.strictObject({ kind: z.enum(RULE_KINDS), label: z.string() });
export type RuleChip = z.infer<typeof RuleChip>;

export const SearchResponse = z.strictObject({
  query: z.string(),
  intent: z.enum(LOOKING_FOR),
  rules: z.array(RuleChip),
  results: z.array(SearchResult),
});
export type SearchResponse = z.infer<typeof SearchResponse>;

/** POST /api/search/analysis */
export const AnalysisRequest = z.strictObject({
  profileId: z.uuid({ error: 'A profile is required.' }),
  searchQuery: SearchQueryText,
});
export type AnalysisRequest = z.infer<typeof AnalysisRequest>;

/** The detailed analysis of one result (spec: whyMatch, compatibilityAnalysis, sharedInterests, conversationStarters, potentialChallenges). */
export const AnalysisData = z.strictObject({
  whyMatch: z.string().trim().min(1).max(600),
  compatibilityAnalysis: z.string().trim().min(1).max(1500),
  sharedInterests: z.array(z.string().trim().min(1).max(60)).max(12),
  conversationStarters: z.array(z.string().trim().min(1).max(300)).min(1).max(5),
  potentialChallenges: z.array(z.string().trim().min(1).max(300)).max(5),
});
export type AnalysisData = z.infer<typeof AnalysisData>;

export const AnalysisResponse = z.strictObject({
  status: z.enum(ANALYSIS_STATUSES),
  data: AnalysisData.optional(),
  error: z.string().optional(),
});
export type AnalysisResponse = z.infer<typeof AnalysisResponse>;
