import type { Logger } from 'pino';

import type { AiProvider, Embedder } from '../../ai/provider.js';
import type { Clock } from '../../clock.js';
import type { EmbeddingsRepository } from './embeddings.repository.js';

export interface SearchModelState {
  /** The model search reads now. */
  searchModel: string;
  /** The model new vectors are written with (the running provider's). */
  targetModel: string;
  /** The target model does not cover the members yet: search waits for a regeneration. */
  switchPending: boolean;
  coverage: { model: string; profiles: number }[];
  /** Live profiles with a vector of any model. */
  indexedProfiles: number;
  switchedAt: string | null;
}

/** How long a replica trusts what it last read (another replica or the CLI may have switched). */
const KEPT_MS = 15_000;

/**
 * Which embedding model search reads. Vectors are stored per model, and the model is a setting
 * (or the provider that answered at start), so a restart can bring a model that has no vectors
 * yet. Search keeps reading the model whose vectors cover the members until the new model covers
 * at least as many (a regeneration has finished), then switches; every decision is logged, and
 * /readyz and the admin's AI tab show it.
 */
export class EmbeddingModels {
  private kept: { state: SearchModelState; dimensions: number; at: number } | undefined;
  /** The last decision logged: a pending switch is re-read every KEPT_MS but said once. */
  private readonly said = new Set<string>();

  constructor(
    private readonly deps: {
      repository: EmbeddingsRepository;
      /** The running provider: new vectors are its model's. */
      target: AiProvider;
      /** An embedder for a stored model other than the target's, when one can run here. */
      embedderFor: (model: string, dimensions: number) => Embedder | undefined;
      clock: Clock;
      logger: Logger;
    },
  ) {}

  get target(): AiProvider {
    return this.deps.target;
  }

  /** The model search reads, with what embeds a query for it. */
  async forSearch(): Promise<{ model: string; dimensions: number; embedder: Embedder }> {
    const { state, dimensions } = await this.current();
    const embedder = this.embedder(state.searchModel, dimensions) ?? this.deps.target;
    return { model: embedder.models.embedding, dimensions: embedder.models.dimensions, embedder };
  }

  /**
   * Where else a profile's new vector goes: while a switch is pending, the model search still
   * reads, so a member who joins or edits meanwhile stays findable. None when nothing is pending.
   */
  async alsoWriteTo(): Promise<Embedder | undefined> {
    const { state, dimensions } = await this.current();
    return state.switchPending ? this.embedder(state.searchModel, dimensions) : undefined;
  }

  async state(): Promise<SearchModelState> {
    return (await this.current()).state;
  }

  /**
   * Decides which model search reads (at start, after a regeneration): the stored one, unless the
   * target model now covers at least as many members. The first time, the best-covered model.
   */
  async settle(): Promise<SearchModelState> {
    const { repository, target, clock, logger } = this.deps;
    const [stored, coverage, indexedProfiles] = await Promise.all([repository.searchModel(), repository.coverage(), repository.indexedProfiles()]);
    const covers = (model: string) => coverage.find((c) => c.model === model)?.profiles ?? 0;
    const targetModel = target.models.embedding;
    let chosen = stored ? { model: stored.model, dimensions: stored.dimensions, switchedAt: stored.switched_at } : undefined;

    if (!chosen) {
      const best = coverage[0] && covers(targetModel) < coverage[0].profiles ? coverage[0] : { model: targetModel, dimensions: target.models.dimensions };
      chosen = { model: best.model, dimensions: best.dimensions, switchedAt: clock.now() };
      await repository.setSearchModel(chosen.model, chosen.dimensions, chosen.switchedAt);
      logger.info({ model: chosen.model, covers: covers(chosen.model), indexedProfiles }, 'search: reading the embedding model that covers the members');
    } else if (chosen.model !== targetModel && covers(targetModel) >= covers(chosen.model)) {
      const from = chosen.model;
      chosen = { model: targetModel, dimensions: target.models.dimensions, switchedAt: clock.now() };
      await repository.setSearchModel(chosen.model, chosen.dimensions, chosen.switchedAt);
      logger.info({ from, to: targetModel, covers: covers(targetModel), indexedProfiles }, 'search: switched to the new embedding model, which now covers the members');
    } else if (chosen.model !== targetModel && !this.said.has(`wait:${chosen.model}:${targetModel}`)) {
      this.said.add(`wait:${chosen.model}:${targetModel}`);
      logger.warn(
        { searchModel: chosen.model, covers: covers(chosen.model), targetModel, targetCovers: covers(targetModel), indexedProfiles },
        `search: staying on ${chosen.model} until ${targetModel} covers the members (run the regenerate-embeddings job)`,
      );
    }
    if (chosen.model !== targetModel && !this.embedder(chosen.model, chosen.dimensions) && !this.said.has(`none:${chosen.model}`)) {
      this.said.add(`none:${chosen.model}`);
      logger.error({ searchModel: chosen.model }, 'search: nothing here can embed queries for the model search reads; search uses the running model meanwhile');
    }
    const state: SearchModelState = {
      searchModel: chosen.model,
      targetModel,
      switchPending: chosen.model !== targetModel,
      coverage: coverage.map(({ model, profiles }) => ({ model, profiles })),
      indexedProfiles,
      switchedAt: chosen.switchedAt.toISOString(),
    };
    this.kept = { state, dimensions: chosen.dimensions, at: clock.now().getTime() };
    return state;
  }

  private async current(): Promise<{ state: SearchModelState; dimensions: number }> {
    const kept = this.kept;
    if (kept && this.deps.clock.now().getTime() - kept.at < KEPT_MS) return kept;
    const stored = await this.deps.repository.searchModel();
    // Another replica (or the CLI) may have switched: settle reads and decides again.
    if (!kept || !stored || stored.model !== kept.state.searchModel || kept.state.switchPending) {
      await this.settle();
      return this.kept!;
    }
    this.kept = { ...kept, at: this.deps.clock.now().getTime() };
    return this.kept;
  }

  private embedder(model: string, dimensions: number): Embedder | undefined {
    if (model === this.deps.target.models.embedding) return this.deps.target;
    return this.deps.embedderFor(model, dimensions);
  }
}
