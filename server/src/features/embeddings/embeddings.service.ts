import { taskPrefix } from '../../ai/task-prefixes.js';
import type { Embedder } from '../../ai/provider.js';
import type { EmbeddingModels } from './embedding-models.js';
import type { EmbeddingsRepository } from './embeddings.repository.js';

export type EmbedOutcome = 'embedded' | 'unchanged' | 'missing';

export interface EmbedOptions {
  /** Says whether it would, and writes nothing. */
  dryRun?: boolean;
  /** Only the running model (the regeneration, which only moves forward): see `embedProfiles`. */
  targetOnly?: boolean;
  /** Embed again even where the stored hash says the vector is current. */
  force?: boolean;
}

/**
 * Keeps each profile's vector for the current model. The hash covers the model, its task prefix
 * and the text (embeddings.repository.ts), so a profile whose text did not change is not embedded
 * again (embedding with a real model costs a quarter of a second or more per profile here).
 */
export class EmbeddingsService {
  constructor(
    private readonly repository: EmbeddingsRepository,
    private readonly models: EmbeddingModels,
  ) {}

  async embedProfile(profileId: string, options: EmbedOptions = {}): Promise<EmbedOutcome> {
    return (await this.embedProfiles([profileId], options)).get(profileId)!;
  }

  /**
   * Embeds the profiles with the running model, and while a model switch is pending with the
   * model search still reads too (not `targetOnly`). Per model: one read of the documents and
   * their hashes, one `embed` call for the stale ones (the caller keeps batches at what one model
   * call should take, 32–64 texts) and one write.
   */
  async embedProfiles(profileIds: readonly string[], options: EmbedOptions = {}): Promise<Map<string, EmbedOutcome>> {
    const outcomes = await this.embedWith(this.models.target, profileIds, options);
    const searched = options.dryRun || options.targetOnly ? undefined : await this.models.alsoWriteTo();
    if (searched) await this.embedWith(searched, profileIds, { force: options.force });
    return outcomes;
  }

  private async embedWith(embedder: Embedder, profileIds: readonly string[], options: EmbedOptions): Promise<Map<string, EmbedOutcome>> {
    const model = embedder.models.embedding;
    const documents = await this.repository.documents(profileIds, model, taskPrefix(model, 'document'));
    const outcomes = new Map<string, EmbedOutcome>(profileIds.map((id) => [id, 'missing']));
    const stale = documents.filter((d) => options.force || d.storedHash !== d.hash);
    for (const d of documents) outcomes.set(d.profileId, 'unchanged');
    for (const d of stale) outcomes.set(d.profileId, 'embedded');
    if (options.dryRun || stale.length === 0) return outcomes;
    const vectors = await embedder.embed(
      stale.map((d) => d.document),
      { purpose: 'document' },
    );
    await this.repository.saveAll(
      model,
      stale.map((d, i) => ({ profileId: d.profileId, hash: d.hash, vector: vectors[i]! })),
    );
    return outcomes;
  }
}
