import type { AccountService } from '../features/account/account.service.js';
import { JobRegistry } from './job.js';
import { purgeDeletedJob } from './purge-deleted.job.js';

/** Every job the admin pages, the CLI and cron can run, checked for duplicate names at start. */
export function createJobRegistry(services: { account: AccountService }): JobRegistry {
  return new JobRegistry([purgeDeletedJob(services.account)]);
}
