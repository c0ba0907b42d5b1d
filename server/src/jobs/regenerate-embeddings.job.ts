import type { EmbeddingModels } from '../features/embeddings/embedding-models.js';
import type { EmbeddingsRepository } from '../features/embeddings/embeddings.repository.js';
import type { EmbeddingsService } from '../features/embeddings/embeddings.service.js';
import type { JobDefinition } from './job.js';

type Profile = { id: string; name: string | null };

/**
 * Embeds every live profile with the running model (spec part 3, maintenance page 1), skipping
 * those whose vector is current. When it has finished, search switches to the running model if
 * it now covers the members (embedding-models.ts); a dry run counts what it would embed.
 */
export function regenerateEmbeddingsJob(deps: { repository: EmbeddingsRepository; embeddings: EmbeddingsService; models: EmbeddingModels }): JobDefinition<Profile> {
  return {
    name: 'regenerate-embeddings',
    description: 'embed every profile with the current model, skipping what is current; search switches to it when done',
    plan: () => deps.repository.embeddable(),
    key: (profile) => profile.id,
    run: async (profile, { dryRun }) => {
      const outcome = await deps.embeddings.embedProfile(profile.id, { dryRun, targetOnly: true });
      return { status: outcome === 'embedded' ? 'succeeded' : 'skipped', result: { name: profile.name, outcome } };
    },
    finish: async ({ dryRun }) => {
      if (!dryRun) await deps.models.settle();
    },
  };
}
