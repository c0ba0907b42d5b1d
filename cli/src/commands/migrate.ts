import type { Command } from 'commander';

import { migrateAllDown, migrateDown, migrateToLatest, migrationStatus, newerThanThisRelease } from '../../../server/src/db/migrator.js';
import { runWithContext } from '../run-with-context.js';

/** The migrate commands see the database exactly as it is. */
const noImplicitMigration = { migrate: false };

export function registerMigrate(program: Command): void {
  const migrate = program.command('migrate').description('apply, revert or list database migrations');

  migrate
    .command('up')
    .description('apply every pending migration')
    .action(() =>
      runWithContext(async ({ db }) => {
        const applied = await migrateToLatest(db);
        const ahead = applied.length ? [] : await newerThanThisRelease(db);
        if (ahead.length) console.log(`nothing to apply: the database has a newer release's migrations (${ahead.join(', ')}); this release runs on them for one release (docs/upgrading.md, "Rolling back")`);
        else console.log(applied.length ? applied.map((name) => `applied  ${name}`).join('\n') : 'nothing to apply: the database is current');
      }, noImplicitMigration),
    );

  migrate
    .command('down')
    .description('revert the most recent migration')
    .option('--all', 'revert every migration, newest first (an empty database; for checking that every down() works)')
    .action((options: { all?: boolean }) =>
      runWithContext(async ({ db }) => {
        const reverted = options.all ? await migrateAllDown(db) : await migrateDown(db);
        console.log(reverted.length ? reverted.map((name) => `reverted ${name}`).join('\n') : 'nothing to revert');
      }, noImplicitMigration),
    );

  migrate
    .command('status')
    .description('list every migration and whether it is applied; exit 1 while any is pending')
    .action(() =>
      runWithContext(async ({ db }) => {
        const status = await migrationStatus(db);
        for (const { name, executedAt } of status) {
          console.log(`${executedAt ? 'applied' : 'pending'}  ${name}${executedAt ? `  (${executedAt.toISOString()})` : ''}`);
        }
        if (status.some((m) => !m.executedAt)) process.exitCode = 1;
      }, noImplicitMigration),
    );
}
