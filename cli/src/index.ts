import { Command, CommanderError } from 'commander';

import { describeRelease } from '../../server/src/version.js';

import { registerAccounts } from './commands/accounts.js';
import { registerBackup } from './commands/backup.js';
import { registerCron } from './commands/cron.js';
import { registerDoctor } from './commands/doctor.js';
import { registerJobs } from './commands/jobs.js';
import { registerMigrate } from './commands/migrate.js';
import { registerSeed } from './commands/seed.js';
import { registerUsers } from './commands/users.js';

/** The sysadmin's and cron's entry point: `npm run cli -- <command>`. Commands are thin; they call services. */
export function buildProgram(): Command {
  const program = new Command()
    .name('kindred')
    .description('Kindred command line: database and batch maintenance')
    // `kindred 1.0.0 (abc1234)`: the release and the commit, as the server logs them at start.
    .version(describeRelease(), '-V, --version')
    .showHelpAfterError()
    .showSuggestionAfterError()
    .exitOverride();
  registerMigrate(program);
  registerUsers(program);
  registerSeed(program);
  registerAccounts(program);
  registerJobs(program);
  registerCron(program);
  registerBackup(program);
  registerDoctor(program);
  return program;
}

// Exit codes: 0 done, 1 the work failed, 2 bad usage (commander has already said what is wrong).
buildProgram()
  .parseAsync(process.argv)
  .catch((error: unknown) => {
    if (error instanceof CommanderError) {
      process.exitCode = error.exitCode === 0 ? 0 : 2;
      return;
    }
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
