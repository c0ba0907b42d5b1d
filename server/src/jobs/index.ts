import type { AccountService } from '../features/account/account.service.js';
import type { EmbeddingModels } from '../features/embeddings/embedding-models.js';
import type { EmbeddingsRepository } from '../features/embeddings/embeddings.repository.js';
import type { EmbeddingsService } from '../features/embeddings/embeddings.service.js';
import type { EnhancementService } from '../features/enhancement/enhancement.service.js';
import type { ProfilesRepository } from '../features/profiles/profiles.repository.js';
import type { StandardizationService } from '../features/standardize/standardize.service.js';
import type { WeeklyIntroductionsService } from '../features/weekly-introductions/weekly-introductions.service.js';
import { enhanceProfilesJob } from './enhance-profiles.job.js';
import { fixFormatsJob } from './fix-formats.job.js';
import { JobRegistry } from './job.js';
import { purgeDeletedJob } from './purge-deleted.job.js';
import { regenerateEmbeddingsJob } from './regenerate-embeddings.job.js';
import { standardizeLocationsJob } from './standardize-locations.job.js';
import { standardizeProfilesJob } from './standardize-profiles.job.js';
import { weeklyIntroductionsJob } from './weekly-introductions.job.js';

export interface JobDeps {
  account: AccountService;
  profiles: ProfilesRepository;
  standardization: StandardizationService;
  embeddingsRepository: EmbeddingsRepository;
  embeddings: EmbeddingsService;
  embeddingModels: EmbeddingModels;
  enhancement: EnhancementService;
  weeklyIntroductions: WeeklyIntroductionsService;
}

/** Every job the admin pages, the CLI and cron can run, checked for duplicate names at start. */
export function createJobRegistry(deps: JobDeps): JobRegistry {
  return new JobRegistry([
    standardizeProfilesJob(deps),
    standardizeLocationsJob(deps),
    fixFormatsJob(deps.profiles),
    regenerateEmbeddingsJob({ repository: deps.embeddingsRepository, embeddings: deps.embeddings, models: deps.embeddingModels }),
    enhanceProfilesJob(deps.enhancement),
    purgeDeletedJob(deps.account),
    weeklyIntroductionsJob(deps.weeklyIntroductions),
  ]);
}
