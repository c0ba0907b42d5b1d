import { createHash } from 'node:crypto';

import type { Logger } from 'pino';

import type { EmbeddingModels } from '../embeddings/embedding-models.js';
import { BUILTIN_EMBEDDING_MODEL } from '../../ai/builtin/embedding/index.js';
import type { Language } from '../../i18n/languages.js';
import type { AiProvider } from '../../ai/provider.js';
import type { Clock } from '../../clock.js';
import type { LookingFor, SearchAnalysisStatus } from '../../db/schema.js';
import { type ContactDetails, type ContactViewer, type LockedContactInfo, visibleContactInfo } from '../profiles/contact-info.js';
import { vipActive } from '../../policies/premium.js';
import { AppError, NotFoundError } from '../../errors.js';
import { generateAnalysis, type SearchAnalysisData } from './analysis.js';
import { factsOf, type MemberFacts } from './member-facts.js';
import { cityOf, type ParsedQuery, parseQuery } from './query-parser.js';
import { compatibility, matchPercentage, rankFeatures, score } from './rerank.js';
import { answersQuery, hasRules, NO_RULES, type RuleChip, ruleChips, ruleDifferences, rulesOf, type SearchRules } from './search-rules.js';
import { interestTag } from './match-words.js';
import type { AnalysisRequest, SearchInput } from './search.schema.js';
import { BoundedMemo, Refreshing } from './refreshing.js';
import { SearchLog } from './search-log.js';
import { type CandidateFilters, type CandidateRow, FULL_TEXT_RANKED, type SearchProfileRow, type SearchRepository } from './search.repository.js';
import { matchFacts, whyMatch } from './why-match.js';

export interface FirstMoment {
  type: 'image' | 'video' | 'text';
  imageUrl: string | null;
  videoUrl: string | null;
  textContent: string | null;
  caption: string | null;
}

/** A search result profile, with the spec's field names. */
export interface SearchResult {
  id: string;
  userId: string;
  name: string;
  age: number;
  location: string;
  profession: string;
  matchPercentage: number;
  avatarUrl: string | null;
  bio: string | null;
  enhancedBackground: string | null;
  interests: string[];
  whyMatch: string;
  isVip: boolean;
  /** A verified campus member: signed in with the campus account, or an address in SIGNUP_EMAIL_DOMAINS. */
  campusVerified: boolean;
  contactInfo: ContactDetails | LockedContactInfo | { available: false };
  connectionType: string;
  personalityType: string | null;
  socialStyle: string | null;
  relationshipStyle: string | null;
  coreValues: string[];
  personalityMatch: number;
  lifestyleAlignment: number;
  growthPotential: number;
  vectorSimilarity: number;
  /** Always null: a member's address is never shown to other members. */
  ip_address: null;
  firstMoment: FirstMoment | null;
  analysisStatus: SearchAnalysisStatus;
  /**
   * The member satisfies every rule the query states (age, gender, kind of relationship, place);
   * always true when it states none. Results that do are listed first.
   */
  meetsRules: boolean;
}

/** A profile without match information (GET /api/profiles/:id). */
export type ProfileCard = Pick<
  SearchResult,
  | 'id' | 'userId' | 'name' | 'age' | 'location' | 'profession' | 'avatarUrl' | 'bio' | 'enhancedBackground' | 'interests' | 'isVip' | 'campusVerified'
  | 'contactInfo' | 'personalityType' | 'socialStyle' | 'relationshipStyle' | 'coreValues' | 'firstMoment'
>;

/** A profile as a visitor who is not signed in sees it (a touchpoint's list). */
export type VisitorCard = Omit<ProfileCard, 'userId' | 'contactInfo'>;

export interface SearchResponse {
  query: string;
  intent: LookingFor;
  /** The rules read from the query (less the dropped ones), as the search box shows them. */
  rules: RuleChip[];
  results: SearchResult[];
}

export interface AnalysisResponse {
  status: SearchAnalysisStatus;
  data?: SearchAnalysisData;
  error?: string;
}

export interface SearchServiceDeps {
  search: SearchRepository;
  ai: AiProvider;
  /** Which model's vectors a query is compared with, and what embeds it. */
  embeddingModels: EmbeddingModels;
  clock: Clock;
  logger: Logger;
  /** Counts one new analysis against the member's limit; throws when the limit is reached. */
  limitNewAnalysis: (userId: string) => Promise<void>;
  /** SEARCH_VERIFIED_ONLY: search finds verified campus members only. */
  verifiedOnly?: boolean;
}

/** Candidates each retrieval returns; the HNSW search runs with ef_search ≥ this. */
export const RETRIEVAL_K = 100;
export const RESULT_LIMIT = 20;
/** A pending or generating analysis untouched for this long was abandoned (a restart, say) and is started again. */
const STALE_ANALYSIS_MS = 2 * 60_000;
const ANALYSIS_TIMEOUT_MS = 3 * 60_000;
/** How old the list of towns members live in, and Postgres's list of common words, may be. */
const TOWNS_MAX_AGE_MS = 5 * 60_000;
const COMMON_WORDS_MAX_AGE_MS = 10 * 60_000;
/**
 * Ranking facts kept per profile version: reading a bio for lexicon concepts costs about 75 µs,
 * and a search reads up to 200 candidates; the same members come up again and again.
 */
const FACTS_KEPT = 10_000;

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
 * Who a partner search may return. Never a member who is not single. Members say whether they are
 * straight or LGBTQ+ through their status, so a single viewer sees singles of the same kind; a
 * straight viewer who is a man or a woman sees the other gender. A viewer without a status (or
 * not single) sees every single member.
 */
export function partnerFilters(intent: LookingFor, viewer: SearchProfileRow | undefined): CandidateFilters {
  if (intent !== 'partner') return {};
  const filters: CandidateFilters = { excludeNotSingle: true };
  if (viewer?.relationship_status === 'single_lgbtq') filters.statuses = ['single_lgbtq'];
  if (viewer?.relationship_status === 'single_straight') {
    filters.statuses = ['single_straight'];
    if (viewer.gender === 'male') filters.genders = ['female'];
    if (viewer.gender === 'female') filters.genders = ['male'];
  }
  return filters;
}

function firstMoment(row: SearchProfileRow): FirstMoment | null {
  if (!row.card_type) return null;
  return {
    type: row.card_type,
    imageUrl: row.card_type === 'image' ? (row.card_image_url ?? row.card_image_urls[0] ?? null) : null,
    videoUrl: row.card_type === 'video' ? row.card_video_url : null,
    textContent: row.card_type === 'text' ? row.card_text : null,
    caption: null,
  };
}

/**
 * Natural-language search: parse, embed, retrieve (HNSW ∪ full text, fused by rank), filter,
 * rerank with explainable features, explain from facts true of both members. The detailed
 * analysis of one result is made in the background on request and cached.
 */
export class SearchService {
  private readonly running = new Set<Promise<void>>();
  private readonly towns: Refreshing<string[]>;
  private readonly commonWords: Refreshing<string[]>;
  private readonly facts = new BoundedMemo<string, MemberFacts>(FACTS_KEPT);
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
  async search(userId: string, input: SearchInput, signal?: AbortSignal, language: Language = 'en'): Promise<SearchResponse> {
    const { search, embeddingModels } = this.deps;
    const viewerRow = await search.viewer(userId);
    const viewer = viewerRow ? this.factsOf(viewerRow) : null;
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
      filters: { ...partnerFilters(query.intent, viewerRow), verifiedOnly: this.deps.verifiedOnly === true },
      queryHash: analysisHash(input.query, language),
      k: RETRIEVAL_K,
      rules,
    });
    const results = this.rankAll(this.contactViewer(userId, viewerRow), rows, viewer, query, rules, RESULT_LIMIT, undefined, language);
    checkAborted(signal); // a cancelled search logs nothing
    this.log.add({ userId, query: input.query, intent: query.intent, resultCount: results.length });
    return { query: input.query, intent: query.intent, rules: ruleChips(rules, language), results };
  }

  /** Ranking facts of a profile, kept per profile version. */
  private factsOf(row: SearchProfileRow): MemberFacts {
    return this.facts.get(`${row.id}@${row.updated_at.getTime()}`, () => factsOf(row));
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
  async rankFound(viewerId: string, rows: CandidateRow[], intentQuery: string, fallbackWhy: (name: string) => string, language: Language = 'en'): Promise<SearchResult[]> {
    const viewerRow = await this.deps.search.viewer(viewerId);
    const viewer = viewerRow ? this.factsOf(viewerRow) : null;
    return this.rankAll(this.contactViewer(viewerId, viewerRow), rows, viewer, parseQuery(intentQuery, [], null), NO_RULES, rows.length, fallbackWhy, language);
  }

  /** Profiles as a visitor who is not signed in sees them: no match, no contact details. */
  visitorCards(rows: SearchProfileRow[]): VisitorCard[] {
    return rows.map((row) => {
      const { userId: _userId, contactInfo: _contactInfo, ...card } = this.card(null, row, row.name?.trim() || 'Member');
      return card;
    });
  }

  /**
   * Scores every candidate (cheap), then explains only the ones shown. Members who satisfy every
   * stated rule come first; within each group, the best match first. When the query states rules
   * and asks for something (an activity, an interest), members who have none of it are left out:
   * "a running partner between 20 and 25" is answered by runners of 20–25, then, under the
   * divider, runners just outside the range, not by every member aged 20–25. Only when no one has
   * what is asked does the page fall back to everyone, rules first.
   */
  private rankAll(
    contactViewer: ContactViewer,
    rows: CandidateRow[],
    viewer: MemberFacts | null,
    query: ParsedQuery,
    rules: SearchRules,
    limit = RESULT_LIMIT,
    fallbackWhy?: (name: string) => string,
    language: Language = 'en',
  ): SearchResult[] {
    const scored = rows.map((row) => {
      const candidate = this.factsOf(row);
      const weighted = rankFeatures(viewer, candidate, query, row.similarity, row.retrieval);
      const value = score(weighted);
      return { row, candidate, weighted, value, percentage: matchPercentage(value), differences: ruleDifferences(rules, candidate, language) };
    });
    const relevant = hasRules(rules) ? scored.filter((s) => answersQuery(s.weighted.features, s.weighted.related)) : scored;
    return (relevant.length > 0 ? relevant : scored)
      .sort(
        (a, b) =>
          Number(a.differences.length > 0) - Number(b.differences.length > 0) ||
          b.percentage - a.percentage ||
          b.value - a.value ||
          a.row.id.localeCompare(b.row.id),
      )
      .slice(0, limit)
      .map(({ row, candidate, weighted, percentage, differences }) =>
        this.result(contactViewer, row, candidate, viewer, query, weighted.features.queryMatch, percentage, differences, fallbackWhy, language),
      );
  }

  private result(
    contactViewer: ContactViewer,
    row: CandidateRow,
    candidate: MemberFacts,
    viewer: MemberFacts | null,
    query: ParsedQuery,
    queryMatch: number | null,
    percentage: number,
    differences: string[],
    fallbackWhy?: (name: string) => string,
    language: Language = 'en',
  ): SearchResult {
    return {
      ...this.card(contactViewer, row, candidate.name),
      // The interest tags are the lexicon's words, named in the viewer's language (the profile keeps English).
      interests: row.interests.map((label) => interestTag(language, label)),
      matchPercentage: percentage,
      whyMatch: whyMatch(candidate.name, matchFacts(viewer, candidate, query), fallbackWhy?.(candidate.name), differences, language),
      meetsRules: differences.length === 0,
      connectionType: 'match',
      ...compatibility(viewer, candidate, query, queryMatch),
      vectorSimilarity: Math.round((row.similarity ?? 0) * 1000) / 1000,
      ip_address: null,
      analysisStatus: row.analysis_status ?? 'pending',
    };
  }

  /** The fields of a profile that any member who may see it sees, with the spec's defaults. */
  private card(viewer: ContactViewer | null, row: SearchProfileRow, name: string): ProfileCard {
    return {
      id: row.id,
      userId: row.user_id,
      name,
      age: row.age ?? 25,
      location: row.location?.trim() || 'Location not specified',
      profession: row.profession?.trim() || 'Profession not listed',
      avatarUrl: row.avatar_url,
      bio: row.bio,
      enhancedBackground: row.enhanced_background,
      interests: row.interests,
      isVip: vipActive(row.is_vip, row.vip_expires_at, this.deps.clock.now()),
      campusVerified: row.campus_verified === true,
      contactInfo: viewer === null ? { available: false } : visibleContactInfo(viewer, row.user_id, row.contact_info),
      personalityType: row.personality_type,
      socialStyle: row.social_style,
      relationshipStyle: row.relationship_style,
      coreValues: row.core_values,
      firstMoment: firstMoment(row),
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
    return this.card(this.contactViewer(viewerId, await this.deps.search.viewer(viewerId)), row, row.name?.trim() || 'Member');
  }

  /** Who is looking, as the contact-info policy asks: premium members see the details members shared. */
  private contactViewer(userId: string, viewerRow: SearchProfileRow | undefined): ContactViewer {
    return { id: userId, premium: viewerRow !== undefined && vipActive(viewerRow.is_vip, viewerRow.vip_expires_at, this.deps.clock.now()) };
  }

  /** The analysis of one result: started on the first request, then read from the cache while it is made. */
  async analysis(userId: string, input: AnalysisRequest, language: Language = 'en'): Promise<AnalysisResponse> {
    const { search } = this.deps;
    const profile = await search.visibleProfile(userId, input.profileId);
    if (!profile) throw new NotFoundError('Profile not found.', 'profile_not_found');
    // One cached analysis per language: English keeps the hash it always had.
    const hash = analysisHash(input.searchQuery, language);
    const key = { viewerId: userId, profileId: profile.id, queryHash: hash };

    let row = await search.findAnalysis(userId, profile.id, hash);
    if (!row) {
      // Only starting one counts (the AI's work); polls and cached answers are free.
      await this.deps.limitNewAnalysis(userId);
      if (await search.insertPending(userId, profile.id, hash, input.searchQuery)) {
        this.start(key, profile, input.searchQuery, language);
        return { status: 'pending' };
      }
      row = await search.findAnalysis(userId, profile.id, hash); // another request started it
      if (!row) return { status: 'pending' };
    }
    const stale = new Date(this.deps.clock.now().getTime() - STALE_ANALYSIS_MS);
    if ((row.status === 'pending' || row.status === 'generating') && row.updated_at < stale) {
      if (await search.transition(key, ['pending', 'generating'], 'pending', {}, stale)) this.start(key, profile, input.searchQuery, language);
      return { status: 'pending' };
    }
    if (row.status === 'completed') return { status: 'completed', data: row.data as SearchAnalysisData };
    if (row.status === 'failed') return { status: 'failed', error: row.error ?? 'The analysis could not be made.' };
    return { status: row.status };
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

  /** Waits for every analysis started so far, and writes the search log (tests). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
    await this.log.flush();
  }

  /** Writes the searches logged so far (shutdown). */
  flushLog(): Promise<void> {
    return this.log.flush();
  }

  private start(key: { viewerId: string; profileId: string; queryHash: string }, profile: SearchProfileRow, query: string, language: Language): void {
    const task = this.generate(key, profile, query, language).finally(() => this.running.delete(task));
    this.running.add(task);
  }

  private async generate(key: { viewerId: string; profileId: string; queryHash: string }, profile: SearchProfileRow, text: string, language: Language): Promise<void> {
    const { search, ai, logger } = this.deps;
    try {
      if (!(await search.transition(key, ['pending'], 'generating'))) return;
      const viewerRow = await search.viewer(key.viewerId);
      const viewer = viewerRow ? factsOf(viewerRow) : null;
      const candidate = factsOf(profile);
      const query = parseQuery(text, [], null);
      const facts = matchFacts(viewer, candidate, query);
      const data = await generateAnalysis(ai, { viewer, candidate, query, facts, language }, logger, AbortSignal.timeout(ANALYSIS_TIMEOUT_MS));
      await search.transition(key, ['generating'], 'completed', { data, error: null });
    } catch (error) {
      logger.error({ err: error, profileId: key.profileId }, 'search analysis failed');
      try {
        await search.transition(key, ['pending', 'generating'], 'failed', { error: 'The analysis could not be made. Please try again later.' });
      } catch (inner) {
        logger.error({ err: inner }, 'search analysis: recording the failure failed');
      }
    }
  }
}
