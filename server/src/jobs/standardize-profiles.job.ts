import { PROFESSION_CATEGORIES } from '../ai/builtin/standardize/index.js';
import type { ProfilesRepository } from '../features/profiles/profiles.repository.js';
import type { FieldResult, StandardizationService } from '../features/standardize/standardize.service.js';
import type { JobDefinition } from './job.js';

type Candidate = Awaited<ReturnType<ProfilesRepository['formatCandidates']>>[number];

const CATEGORIES: ReadonlySet<string> = new Set(PROFESSION_CATEGORIES);

/** A field's new value when it changes; the model failing is an error, an unreadable value is not. */
function change(current: string, result: FieldResult): { value?: string; error?: string; failed?: boolean } {
  if (result.standardized !== null) return result.standardized === current ? {} : { value: result.standardized };
  return { error: result.error.message, failed: result.error.code === 'standardization_failed' };
}

/**
 * Batch AI standardization (spec part 3, maintenance page 5): addresses to "City, Province,
 * Country" and professions to the fixed categories, by the same standardizer sign-up uses (the
 * rules, then the language model for what they do not know when Ollama runs). Writes only over
 * the values it read, so a member's own edit in between wins.
 */
export function standardizeProfilesJob(deps: { profiles: ProfilesRepository; standardization: StandardizationService }): JobDefinition<Candidate> {
  return {
    name: 'standardize-profiles',
    description: 'standardize addresses (country, province, city) and profession categories; regenerate embeddings afterwards',
    plan: () => deps.profiles.formatCandidates(),
    key: (profile) => profile.id,
    run: async (profile, { dryRun }) => {
      const location = profile.location ? change(profile.location, await deps.standardization.location(profile.location)) : {};
      const profession =
        profile.profession && !CATEGORIES.has(profile.profession) ? change(profile.profession, await deps.standardization.profession(profile.profession)) : {};
      const fixed = { ...(location.value ? { location: location.value } : {}), ...(profession.value ? { profession: profession.value } : {}) };
      const error = [location.error, profession.error].filter(Boolean).join(' ') || undefined;
      const result = {
        name: profile.name,
        profileId: profile.id,
        locationUpdated: location.value !== undefined,
        professionUpdated: profession.value !== undefined,
        changes: { location: fixed.location ?? profile.location, profession: fixed.profession ?? profile.profession },
        ...(error ? { error } : {}),
      };
      if (location.failed || profession.failed) return { status: 'failed', result };
      if (!result.locationUpdated && !result.professionUpdated) return { status: 'skipped', result };
      if (!dryRun && !(await deps.profiles.fixFormats(profile.id, profile, fixed))) {
        return { status: 'skipped', result: { ...result, locationUpdated: false, professionUpdated: false, error: 'The member changed it meanwhile; their value stands.' } };
      }
      return { status: 'succeeded', result };
    },
  };
}
