import type { AccountService } from '../features/account/account.service.js';
import type { JobDefinition } from './job.js';

/** The account purge (spec part 3 §9): every account deleted 90 or more days ago, one item each. */
export function purgeDeletedJob(account: AccountService): JobDefinition<{ userId: string; deletedAt: string }> {
  return {
    name: 'purge-deleted',
    description: 'permanently remove accounts deleted 90 or more days ago, with all their rows and files',
    plan: () => account.purgeable(),
    key: (item) => item.userId,
    run: async (item, { dryRun }) => {
      const { files } = await account.purgeOne(item.userId, { dryRun });
      return { status: 'succeeded', result: { deletedAt: item.deletedAt, files } };
    },
  };
}
