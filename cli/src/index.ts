import { Command } from 'commander';

import { registerAccounts } from './commands/accounts.js';
import { registerJobs } from './commands/jobs.js';
import { registerMigrate } from './commands/migrate.js';
import { registerSeed } from './commands/seed.js';
import { registerUsers } from './commands/users.js';

/** The sysadmin's and cron's entry point: `npm run cli -- <command>`. Commands are thin; they call services. */
export function buildProgram(): Command {
  const program = new Command()
    .name('kindred')
    .description('Kindred command line: database and batch maintenance')
    .showHelpAfterError()
    .showSuggestionAfterError();
  registerMigrate(program);
  registerUsers(program);
  registerSeed(program);
  registerAccounts(program);
  registerJobs(program);
  return program;
}

buildProgram()
  .parseAsync(process.argv)
  .catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
