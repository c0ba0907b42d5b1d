import { PROFESSION_CATEGORIES, standardizeLocation, standardizeProfession } from '../ai/builtin/standardize/index.js';
import type { ProfilesRepository } from '../features/profiles/profiles.repository.js';
import type { JobDefinition } from './job.js';

type Candidate = Awaited<ReturnType<ProfilesRepository['formatCandidates']>>[number];

const CATEGORIES: ReadonlySet<string> = new Set(PROFESSION_CATEGORIES);

/**
 * The rule-based format fix (spec part 3, maintenance page 3; no AI): addresses to
 * "City, Province, Country" ("Canada+British Columbia+Langley" → "Langley, BC, Canada",
 * "Vancouver" → "Vancouver, BC, Canada") and professions to the fixed English categories
 * ("高中生" → "High School Student"). A value the rules cannot read, or one already in its
 * standard form, is left as it is. Changed profiles want their embeddings regenerated.
 */
export function fixFormatsJob(profiles: ProfilesRepository): JobDefinition<Candidate> {
  return {
    name: 'fix-formats',
    description: 'rule-based fix of address and profession formats (no AI); regenerate embeddings afterwards',
    plan: () => profiles.formatCandidates(),
    key: (profile) => profile.id,
    run: async (profile, { dryRun }) => {
      const fixed: { location?: string; profession?: string } = {};
      if (profile.location) {
        const location = standardizeLocation(profile.location);
        if (location.ok && location.standardized !== profile.location) fixed.location = location.standardized;
      }
      if (profile.profession && !CATEGORIES.has(profile.profession)) {
        const profession = standardizeProfession(profile.profession);
        if (profession.ok && profession.standardized !== profile.profession) fixed.profession = profession.standardized;
      }
      const result = {
        name: profile.name,
        locationUpdated: fixed.location !== undefined,
        professionUpdated: fixed.profession !== undefined,
        location: fixed.location ?? profile.location,
        profession: fixed.profession ?? profile.profession,
      };
      if (!result.locationUpdated && !result.professionUpdated) return { status: 'skipped', result };
      if (!dryRun && !(await profiles.fixFormats(profile.id, profile, fixed))) {
        // The member changed it meanwhile: their value stands.
        return { status: 'skipped', result: { ...result, locationUpdated: false, professionUpdated: false, changedMeanwhile: true } };
      }
      return { status: 'succeeded', result };
    },
  };
}
