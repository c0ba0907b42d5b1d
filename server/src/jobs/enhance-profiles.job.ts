import type { EnhancementCandidate } from '../features/enhancement/enhancement.repository.js';
import type { EnhancementService } from '../features/enhancement/enhancement.service.js';
import type { JobDefinition } from './job.js';

/** Spec part 3 §9: batch size 20. */
const BATCH_SIZE = 20;

/**
 * Batch AI enhancement: the smart run takes members lacking the AI background or a current
 * vector; the forced run (`--force`) takes everyone, in batches of 20 (JOB_PAUSE_MS, 0 by default,
 * pauses between them).
 */
export function enhanceProfilesJob(enhancement: EnhancementService): JobDefinition<EnhancementCandidate> {
  return {
    name: 'enhance-profiles',
    description: 'write AI backgrounds and embeddings for members lacking them (--force: everyone)',
    batchSize: BATCH_SIZE,
    plan: ({ force }) => enhancement.candidates(force),
    key: (profile) => profile.id,
    run: async (profile, options) => {
      const result = await enhancement.enhance(profile, options);
      return { status: result.backgroundGenerated || result.embeddingGenerated ? 'succeeded' : 'skipped', result: { ...result } };
    },
  };
}
