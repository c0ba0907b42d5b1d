import type { Command } from 'commander';

import type { PurgeReport } from '../../../server/src/features/account/account.service.js';
import { runWithContext } from '../run-with-context.js';

export function registerAccounts(program: Command): void {
  const accounts = program.command('accounts').description('member accounts: deletion and purge');

  accounts
    .command('purge')
    .description('permanently remove every account deleted 90 or more days ago: all its rows and files (safe to rerun)')
    .option('--dry-run', 'list what would be removed and change nothing')
    .option('--json', 'print the report as JSON')
    .action((options: { dryRun?: boolean; json?: boolean }) =>
      runWithContext(async ({ services }) => {
        const report = await services.account.purge({ dryRun: options.dryRun === true });
        console.log(options.json ? JSON.stringify(report) : describe(report));
      }),
    );
}

function describe(report: PurgeReport): string {
  const verb = report.dryRun ? 'would purge' : 'purged';
  const lines = report.accounts.map((a) => `${verb} ${a.userId} (deleted ${a.deletedAt}, ${a.files} file${a.files === 1 ? '' : 's'})`);
  lines.push(`${report.dryRun ? 'dry run: ' : ''}${report.accounts.length} account${report.accounts.length === 1 ? '' : 's'} deleted on or before ${report.cutoff} ${verb}, ${report.files} file${report.files === 1 ? '' : 's'}`);
  return lines.join('\n');
}
