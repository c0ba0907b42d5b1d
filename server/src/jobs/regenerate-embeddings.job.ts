import { taskPrefix } from '../ai/task-prefixes.js';
import type { EmbeddingModels } from '../features/embeddings/embedding-models.js';
import type { EmbeddingsRepository } from '../features/embeddings/embeddings.repository.js';
import type { EmbeddingsService } from '../features/embeddings/embeddings.service.js';
import type { JobDefinition } from './job.js';

type Profile = { id: string; name: string | null };

/** Texts per model call: one request to Ollama (which batches on the GPU), one write. */
const BATCH_SIZE = 64;

/**
 * Embeds every live profile with the running model (spec part 3, maintenance page 1). The plan
 * is one query for the profiles whose vector is missing or stale (its content hash compared in
 * SQL), so the nightly pass over current members costs one query; `--force` plans everyone.
 * Each batch is one `embed` call and one write. When it has finished, search switches to the
 * running model if it now covers the members (embedding-models.ts); a dry run counts.
 */
export function regenerateEmbeddingsJob(deps: { repository: EmbeddingsRepository; embeddings: EmbeddingsService; models: EmbeddingModels }): JobDefinition<Profile> {
  const model = () => deps.models.target.models.embedding;
  return {
    name: 'regenerate-embeddings',
    description: 'embed every profile whose vector is missing or stale with the current model (--force: everyone); search switches to it when done',
    batchSize: BATCH_SIZE,
    plan: ({ force }) => deps.repository.stale(model(), taskPrefix(model(), 'document'), { all: force }),
    key: (profile) => profile.id,
    run: async (profile, options) => (await regenerate([profile], options))[0]!,
    runBatch: (profiles, options) => regenerate(profiles, options),
    finish: async ({ dryRun }) => {
      if (!dryRun) await deps.models.settle();
    },
  };

  async function regenerate(profiles: Profile[], { dryRun, force }: { dryRun: boolean; force: boolean }) {
    const outcomes = await deps.embeddings.embedProfiles(
      profiles.map((p) => p.id),
      { dryRun, force, targetOnly: true },
    );
    return profiles.map((profile) => {
      const outcome = outcomes.get(profile.id)!;
      return { status: outcome === 'embedded' ? ('succeeded' as const) : ('skipped' as const), result: { name: profile.name, outcome } };
    });
  }
}
