import type { Logger } from 'pino';

import type { AnalysisRequest, AnalysisResponse } from '../../../../contract/search.js';
import type { AiProvider } from '../../ai/provider.js';
import type { Clock } from '../../clock.js';
import { NotFoundError } from '../../errors.js';
import type { Language } from '../../i18n/languages.js';
import { factsOf } from '../matching/member-facts.js';
import { pairFacts } from '../matching/pair-facts.js';
import { parseQuery } from '../matching/query-parser.js';
import { NO_RULES } from '../matching/rules.js';
import type { SearchProfileRow, SearchRepository } from '../search/search.repository.js';
import { analysisHash } from '../search/search.service.js';
import { generateAnalysis, type SearchAnalysisData } from './analysis.js';
import type { AnalysisKey, SearchAnalysisRepository } from './search-analysis.repository.js';

export interface SearchAnalysisServiceDeps {
  analyses: SearchAnalysisRepository;
  /** Who may be seen, and the viewer's own profile. */
  search: SearchRepository;
  ai: AiProvider;
  clock: Clock;
  logger: Logger;
  /** Counts one new analysis against the member's limit; throws when the limit is reached. */
  limitNewAnalysis: (userId: string) => Promise<void>;
}

/** A pending or generating analysis untouched for this long was abandoned (a restart, say) and is started again. */
const STALE_ANALYSIS_MS = 2 * 60_000;
const ANALYSIS_TIMEOUT_MS = 3 * 60_000;

/**
 * The detailed analysis of one search result: made in the background on the first request (a
 * language model may take a minute), then read from the cache while it is made.
 */
export class SearchAnalysisService {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly deps: SearchAnalysisServiceDeps) {}

  async analysis(userId: string, input: AnalysisRequest, language: Language = 'en'): Promise<AnalysisResponse> {
    const { analyses, search } = this.deps;
    const profile = await search.visibleProfile(userId, input.profileId);
    if (!profile) throw new NotFoundError('Profile not found.', 'profile_not_found');
    // One cached analysis per language: English keeps the hash it always had.
    const key = { viewerId: userId, profileId: profile.id, queryHash: analysisHash(input.searchQuery, language) };

    let row = await analyses.findAnalysis(key.viewerId, key.profileId, key.queryHash);
    if (!row) {
      // Only starting one counts (the AI's work); polls and cached answers are free.
      await this.deps.limitNewAnalysis(userId);
      if (await analyses.insertPending(key.viewerId, key.profileId, key.queryHash, input.searchQuery)) {
        this.start(key, profile, input.searchQuery, language);
        return { status: 'pending' };
      }
      row = await analyses.findAnalysis(key.viewerId, key.profileId, key.queryHash); // another request started it
      if (!row) return { status: 'pending' };
    }
    const stale = new Date(this.deps.clock.now().getTime() - STALE_ANALYSIS_MS);
    if ((row.status === 'pending' || row.status === 'generating') && row.updated_at < stale) {
      if (await analyses.transition(key, ['pending', 'generating'], 'pending', {}, stale)) this.start(key, profile, input.searchQuery, language);
      return { status: 'pending' };
    }
    if (row.status === 'completed') return { status: 'completed', data: row.data as SearchAnalysisData };
    if (row.status === 'failed') return { status: 'failed', error: row.error ?? 'The analysis could not be made.' };
    return { status: row.status };
  }

  /** Waits for every analysis started so far (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private start(key: AnalysisKey, profile: SearchProfileRow, query: string, language: Language): void {
    const task = this.generate(key, profile, query, language).finally(() => this.running.delete(task));
    this.running.add(task);
  }

  private async generate(key: AnalysisKey, profile: SearchProfileRow, text: string, language: Language): Promise<void> {
    const { analyses, search, ai, logger } = this.deps;
    try {
      if (!(await analyses.transition(key, ['pending'], 'generating'))) return;
      const viewerRow = await search.viewer(key.viewerId);
      const viewer = viewerRow ? factsOf(viewerRow) : null;
      const candidate = factsOf(profile);
      const query = parseQuery(text, [], null);
      const pair = pairFacts(viewer, candidate, query, NO_RULES);
      const data = await generateAnalysis(ai, { viewer, candidate, query, pair, language }, logger, AbortSignal.timeout(ANALYSIS_TIMEOUT_MS));
      await analyses.transition(key, ['generating'], 'completed', { data, error: null });
    } catch (error) {
      logger.error({ err: error, profileId: key.profileId }, 'search analysis failed');
      try {
        await analyses.transition(key, ['pending', 'generating'], 'failed', { error: 'The analysis could not be made. Please try again later.' });
      } catch (inner) {
        logger.error({ err: inner }, 'search analysis: recording the failure failed');
      }
    }
  }
}
