import type { AccountService } from '../features/account/account.service.js';
import type { ProfilesRepository } from '../features/profiles/profiles.repository.js';
import { fixFormatsJob } from './fix-formats.job.js';
import { JobRegistry } from './job.js';
import { purgeDeletedJob } from './purge-deleted.job.js';

/** Every job the admin pages, the CLI and cron can run, checked for duplicate names at start. */
export function createJobRegistry(deps: { account: AccountService; profiles: ProfilesRepository }): JobRegistry {
  return new JobRegistry([purgeDeletedJob(deps.account), fixFormatsJob(deps.profiles)]);
}
