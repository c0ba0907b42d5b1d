import { createHash } from 'node:crypto';

import type { SearchRequest, SearchResponse, SearchResult } from '../../../../contract/search.js';
import type { Logger } from 'pino';

import type { EmbeddingModels } from '../embeddings/embedding-models.js';
import { BUILTIN_EMBEDDING_MODEL } from '../../ai/builtin/embedding/index.js';
import type { Language } from '../../i18n/languages.js';
import type { AiProvider } from '../../ai/provider.js';
import type { Clock } from '../../clock.js';
import type { LookingFor } from '../../db/schema.js';
import type { ContactViewer } from '../profiles/contact-info.js';
import { type ProfileCard, profileCard, type VisitorCard, visitorCard } from '../profiles/profile-card.js';
import { vipActive } from '../../policies/premium.js';
import { AppError, NotFoundError } from '../../errors.js';
import { interestTag } from '../matching/match-words.js';
import { type MemberFacts, MemberFactsMemo } from '../matching/member-facts.js';
import { partnerFilters, wishesFilter } from '../matching/partner-filters.js';
import { type Candidate, explain, rankCandidates, type Ranked } from '../matching/pipeline.js';
import { cityOf, type ParsedQuery, parseQuery } from '../matching/query-parser.js';
import { NO_RULES, ruleChips, rulesOf, type SearchRules } from '../matching/rules.js';
import { Refreshing } from './refreshing.js';
import { SearchLog } from './search-log.js';
import { type CandidateRow, FULL_TEXT_RANKED, type SearchProfileRow, type SearchRepository } from './search.repository.js';

export type { SearchResponse, SearchResult };

export interface SearchServiceDeps {
  search: SearchRepository;
  ai: AiProvider;
  /** Which model's vectors a query is compared with, and what embeds it. */
  embeddingModels: EmbeddingModels;
  clock: Clock;
  logger: Logger;
  /** SEARCH_VERIFIED_ONLY: search finds verified campus members only. */
  verifiedOnly?: boolean;
}

/** Candidates each retrieval returns; the HNSW search runs with ef_search ≥ this. */
export const RETRIEVAL_K = 100;
export const RESULT_LIMIT = 20;
/** How old the list of towns members live in, and Postgres's list of common words, may be. */
const TOWNS_MAX_AGE_MS = 5 * 60_000;
const COMMON_WORDS_MAX_AGE_MS = 10 * 60_000;

export const queryHash = (query: string) => createHash('sha256').update(query.trim().replace(/\s+/g, ' ').toLowerCase()).digest('hex');

/** The cache key of a result's analysis: one per query and viewer's language (English keeps the plain query's hash). */
export const analysisHash = (query: string, language: Language) => (language === 'en' ? queryHash(query) : queryHash(`${language}\u0000${query}`));

/** What to look for in the vectors: what the query asks for, or only whom when it only rules out ("not into sports"). */
const INTENT_WORDS: Record<LookingFor, string> = { friend: 'a friend', activity_partner: 'an activity partner', partner: 'a partner' };
const embeddable = (query: ParsedQuery) => (query.wanted.trim() === '' ? INTENT_WORDS[query.intent] : query.wanted);

function checkAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new AppError(499, 'client_closed_request', 'The search was cancelled.');
}

/**
 * Natural-language search: parse, embed, retrieve (HNSW ∪ full text, fused by rank), then the
 * matching pipeline (matching/pipeline.ts) ranks every candidate and explains the shown ones.
 * The detailed analysis of one result is search-analysis's.
 */
export class SearchService {
  private readonly towns: Refreshing<string[]>;
  private readonly commonWords: Refreshing<string[]>;
  private readonly facts = new MemberFactsMemo();
  private readonly log: SearchLog;

  constructor(private readonly deps: SearchServiceDeps) {
    this.log = new SearchLog((entries) => deps.search.logSearches(entries), deps.logger);
    const onError = (error: unknown) => deps.logger.warn({ err: error }, 'search: reloading a kept list failed');
    this.towns = new Refreshing(
      async () => [...new Set((await deps.search.knownLocations()).flatMap((l) => cityOf(l) ?? []))],
      TOWNS_MAX_AGE_MS,
      onError,
    );
    // Words in more profiles than the full-text leg ranks are left to the vector search.
    this.commonWords = new Refreshing(() => deps.search.commonLexemes(FULL_TEXT_RANKED), COMMON_WORDS_MAX_AGE_MS, onError);
  }

  /** `language`: the viewer's (requestLanguage), which the whyMatch sentences and rule chips are in. */
  async search(userId: string, input: SearchRequest, signal?: AbortSignal, language: Language = 'en'): Promise<SearchResponse> {
    const { search, embeddingModels } = this.deps;
    const viewerRow = await search.viewer(userId);
    const viewer = viewerRow ? this.facts.of(viewerRow) : null;
    const [towns, commonWords] = await Promise.all([this.towns.get(), this.commonWords.get()]);
    const query = parseQuery(input.query, towns, viewer?.city ?? null, viewer?.age ?? null);
    const rules = rulesOf(query, input.ignore, viewer);
    checkAborted(signal);

    // The model whose vectors cover the members, which is not the running one while a switch waits.
    const { model, embedder } = await embeddingModels.forSearch();
    const [vector] = await embedder.embed([embeddable(query)], { purpose: 'query', signal });
    checkAborted(signal);
    const rows = await search.retrieve({
      viewerUserId: userId,
      vector: { model, dimensions: vector!.length, vector: vector! },
      keywords: query.keywords,
      skipLexemes: commonWords,
      filters: {
        ...partnerFilters(query.intent, viewerRow),
        verifiedOnly: this.deps.verifiedOnly === true || input.verifiedOnly === true,
        // Two-way wishes: a member is shown only to people they would want to see, unless the viewer asks for everyone.
        ...(input.showEveryone === true ? {} : { wishes: wishesFilter(query.intent, viewerRow) }),
      },
      queryHash: analysisHash(input.query, language),
      k: RETRIEVAL_K,
      rules,
    });
    const results = this.rankAll(this.contactViewer(userId, viewerRow), rows, viewer, query, rules, RESULT_LIMIT, language);
    checkAborted(signal); // a cancelled search logs nothing
    this.log.add({ userId, query: input.query, intent: query.intent, resultCount: results.length });
    return { query: input.query, intent: query.intent, rules: ruleChips(rules, language), results };
  }

  /**
   * What ranks profiles found without a query (the members at a touchpoint): what the viewer says
   * they look for, as a search would read it ("a friend" when they say nothing).
   */
  async intentQuery(viewerId: string): Promise<string> {
    const row = await this.deps.search.viewer(viewerId);
    return INTENT_WORDS[row?.looking_for[0] ?? 'friend'];
  }

  /**
   * Match information for profiles found another way than a search (the members at a
   * touchpoint), ranked against `intentQuery`: every row, best first, each explained from facts
   * true of both members, or by `fallbackWhy` when there are none.
   */
  async rankFound(viewerId: string, rows: CandidateRow[], intentQuery: string, fallbackWhy: (name: string | null) => string, language: Language = 'en'): Promise<SearchResult[]> {
    const viewerRow = await this.deps.search.viewer(viewerId);
    const viewer = viewerRow ? this.facts.of(viewerRow) : null;
    return this.rankAll(this.contactViewer(viewerId, viewerRow), rows, viewer, parseQuery(intentQuery, [], null), NO_RULES, rows.length, language, fallbackWhy);
  }

  /** Profiles as a visitor who is not signed in sees them: no match, no contact details. */
  visitorCards(rows: SearchProfileRow[]): VisitorCard[] {
    const now = this.deps.clock.now();
    return rows.map((row) => visitorCard(row, now));
  }

  /** Ranks every candidate through the matching pipeline, then explains only the ones shown. */
  private rankAll(
    contactViewer: ContactViewer,
    rows: CandidateRow[],
    viewer: MemberFacts | null,
    query: ParsedQuery,
    rules: SearchRules,
    limit: number,
    language: Language,
    fallbackWhy?: (name: string | null) => string,
  ): SearchResult[] {
    const candidates: Candidate<CandidateRow>[] = rows.map((row) => ({ row, similarity: row.similarity, retrieval: row.retrieval }));
    const ranked = rankCandidates({ viewer, query, rules, factsOf: (row) => this.facts.of(row) }, candidates, limit);
    const now = this.deps.clock.now();
    return ranked.map((match) => this.result(contactViewer, match, viewer, language, now, fallbackWhy));
  }

  private result(contactViewer: ContactViewer, match: Ranked<CandidateRow>, viewer: MemberFacts | null, language: Language, now: Date, fallbackWhy?: (name: string | null) => string): SearchResult {
    const { row } = match;
    return {
      ...profileCard(row, contactViewer, now),
      // The interest tags are the lexicon's words, named in the viewer's language (the profile keeps English).
      interests: row.interests.map((label) => interestTag(language, label)),
      ...explain(match, viewer, language, fallbackWhy),
      connectionType: 'match',
      vectorSimilarity: Math.round((row.similarity ?? 0) * 1000) / 1000,
      ip_address: null,
      analysisStatus: row.analysis_status ?? 'pending',
    };
  }

  /**
   * One member's profile as another member sees it (the profile dialog opened from the liked
   * profiles list): the search result's fields without a match, which needs a query. Deleted,
   * incomplete and own profiles are not found.
   */
  async profileCard(viewerId: string, profileId: string): Promise<ProfileCard> {
    const row = await this.deps.search.visibleProfile(viewerId, profileId);
    if (!row) throw new NotFoundError('Profile not found.', 'profile_not_found');
    return profileCard(row, this.contactViewer(viewerId, await this.deps.search.viewer(viewerId)), this.deps.clock.now());
  }

  /** Who is looking, as the contact-info policy asks: premium members see the details members shared. */
  private contactViewer(userId: string, viewerRow: SearchProfileRow | undefined): ContactViewer {
    return { id: userId, premium: viewerRow !== undefined && vipActive(viewerRow.is_vip, viewerRow.vip_expires_at, this.deps.clock.now()) };
  }

  /**
   * The HNSW index for the configured embedding model when it is not the built-in one (whose
   * index comes with the migrations): models are settings, so their indexes cannot be
   * migrations. Built once; `concurrently` keeps writes going while a big table is indexed.
   */
  async prepareVectorIndex(concurrently: boolean): Promise<void> {
    const { ai, search, logger } = this.deps;
    if (ai.models.embedding === BUILTIN_EMBEDDING_MODEL) return;
    const started = Date.now();
    if (await search.ensureVectorIndex(ai.models.embedding, ai.models.dimensions, concurrently)) {
      logger.info({ model: ai.models.embedding, ms: Date.now() - started }, 'search: built the vector index of the embedding model');
    }
  }

  /** Writes the search log (tests). */
  async idle(): Promise<void> {
    await this.log.flush();
  }

  /** Writes the searches logged so far (shutdown). */
  flushLog(): Promise<void> {
    return this.log.flush();
  }
}
