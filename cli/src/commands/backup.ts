import type { Command } from 'commander';

import { runWithContext } from '../run-with-context.js';

export function registerBackup(program: Command): void {
  program
    .command('backup')
    .description('write a backup (database dump + uploads + manifest) into a new folder under --to, then keep the newest --keep')
    .option('--to <dir>', 'where backups are kept (default: BACKUP_DIR)')
    .option('--keep <n>', 'backups to keep (default: BACKUP_KEEP)', (value) => Number.parseInt(value, 10))
    .option('--json', 'print the manifest as JSON')
    .action((options: { to?: string; keep?: number; json?: boolean }) =>
      runWithContext(async ({ services, config }) => {
        const root = options.to ?? config.backup.dir;
        if (!root) throw new Error('Say where: --to <dir>, or set BACKUP_DIR');
        const keep = options.keep ?? config.backup.keep;
        if (!Number.isInteger(keep) || keep < 1) throw new Error('--keep must be a whole number of at least 1');
        const { path, manifest, pruned } = await services.backup.create(root, keep);
        if (options.json) console.log(JSON.stringify({ path, ...manifest, pruned }));
        else console.log(`backup written to ${path}: ${Object.entries(manifest.counts).map(([k, v]) => `${v} ${k}`).join(', ')}, ${manifest.files} files${pruned.length ? `; removed ${pruned.length} older` : ''}`);
      }),
    );

  program
    .command('restore')
    .description('restore a backup folder into the configured database (which must be empty) and uploads store')
    .requiredOption('--from <dir>', 'the backup folder (kindred-<time>-<id>, with manifest.json)')
    .action((options: { from: string }) =>
      // Never migrate first: the target must be empty, and the dump brings its own migration state.
      runWithContext(
        async ({ services }) => {
          const manifest = await services.backup.restore(options.from);
          console.log(`restored the backup of ${manifest.createdAt} (Kindred ${manifest.appVersion}, migration ${manifest.migration ?? 'none'}): ${Object.entries(manifest.counts).map(([k, v]) => `${v} ${k}`).join(', ')}, ${manifest.files} files. Next: npm run cli -- migrate up`);
        },
        // error: on the empty target, start-up's "no search model yet" warnings are expected noise.
        { migrate: false, logLevel: 'error' },
      ),
    );
}
