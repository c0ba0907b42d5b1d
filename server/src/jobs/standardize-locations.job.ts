import type { ProfilesRepository } from '../features/profiles/profiles.repository.js';
import type { StandardizationService } from '../features/standardize/standardize.service.js';
import type { JobDefinition } from './job.js';

type Candidate = Awaited<ReturnType<ProfilesRepository['formatCandidates']>>[number];

/**
 * Batch address standardisation (spec part 3, maintenance page 4): every address to "City,
 * Province, Country"; each profile's record says updated, skipped (already standard, or not a
 * place the standardizer can read) or failed (the language model failed), with the reason.
 */
export function standardizeLocationsJob(deps: { profiles: ProfilesRepository; standardization: StandardizationService }): JobDefinition<Candidate> {
  return {
    name: 'standardize-locations',
    description: 'standardize addresses to "City, Province, Country"; regenerate embeddings afterwards',
    plan: async () => (await deps.profiles.formatCandidates()).filter((profile) => profile.location !== null),
    key: (profile) => profile.id,
    run: async (profile, { dryRun }) => {
      const original = profile.location!;
      const answer = await deps.standardization.location(original);
      const base = { name: profile.name, original, standardized: answer.standardized, error: null as string | null };
      if (answer.standardized === null) {
        const failed = answer.error.code === 'standardization_failed';
        return { status: failed ? 'failed' : 'skipped', result: { ...base, status: failed ? 'failed' : 'skipped', reason: 'not recognised', error: answer.error.message } };
      }
      if (answer.standardized === original) return { status: 'skipped', result: { ...base, status: 'skipped', reason: 'already standard' } };
      if (!dryRun && !(await deps.profiles.fixFormats(profile.id, profile, { location: answer.standardized }))) {
        return { status: 'skipped', result: { ...base, status: 'skipped', reason: 'changed by the member meanwhile' } };
      }
      return { status: 'succeeded', result: { ...base, status: 'updated', reason: 'standardized' } };
    },
  };
}
