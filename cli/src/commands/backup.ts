import { join } from 'node:path';

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
        const { path, manifest, pruned, offsite } = await services.backup.create(root, keep);
        if (options.json) console.log(JSON.stringify({ path, ...manifest, pruned, offsite }));
        else {
          console.log(`backup written to ${path}: ${Object.entries(manifest.counts).map(([k, v]) => `${v} ${k}`).join(', ')}, ${manifest.files} files${pruned.length ? `; removed ${pruned.length} older` : ''}`);
          if (offsite) console.log(`copied off the host to ${offsite.url} (${offsite.bytes} bytes, ${offsite.encrypted ? 'encrypted with age' : 'NOT encrypted: set BACKUP_ENCRYPT_RECIPIENT'})${offsite.pruned.length ? `; removed ${offsite.pruned.length} older copies` : ''}`);
        }
      }),
    );

  program
    .command('backups')
    .description('list the backups under --dir (default: BACKUP_DIR), or with --remote the off-host copies in BACKUP_S3_BUCKET, oldest first')
    .option('--dir <dir>', 'where backups are kept (default: BACKUP_DIR)')
    .option('--remote', 'the copies in the bucket instead (their s3:// addresses are what restore --from takes)')
    .option('--json', 'print JSON')
    .action((options: { dir?: string; remote?: boolean; json?: boolean }) =>
      runWithContext(async ({ services, config }) => {
        if (options.remote) {
          const copies = await services.backup.listOffsite();
          if (options.json) console.log(JSON.stringify(copies));
          else for (const copy of copies) console.log(`${copy.url}  ${copy.bytes} bytes`);
          return;
        }
        const root = options.dir ?? config.backup.dir;
        if (!root) throw new Error('Say where: --dir <dir>, or set BACKUP_DIR (or --remote for the bucket)');
        const names = await services.backup.list(root);
        if (options.json) console.log(JSON.stringify(names.map((name) => join(root, name))));
        else for (const name of names) console.log(join(root, name));
      }),
    );

  program
    .command('restore')
    .description('restore a backup (a folder, or an off-host copy at s3://) into the configured database (which must be empty) and uploads store')
    .requiredOption('--from <dir|s3-url>', 'the backup folder (kindred-<time>-<id>, with manifest.json), or s3://bucket/key of an off-host copy (read with the BACKUP_S3_* settings)')
    .option('--identity <file>', 'the age key file (age-keygen) that decrypts an encrypted copy (.tar.age)')
    .option('--work-dir <dir>', 'where an s3:// copy is unpacked before the restore (default: BACKUP_DIR, else the temporary folder); removed afterwards')
    .action((options: { from: string; identity?: string; workDir?: string }) =>
      // Never migrate first: the target must be empty, and the dump brings its own migration state.
      runWithContext(
        async ({ services, config }) => {
          const manifest = await services.backup.restore(options.from, { identity: options.identity, workDir: options.workDir ?? config.backup.dir });
          console.log(`restored the backup of ${manifest.createdAt} (Kindred ${manifest.appVersion}, migration ${manifest.migration ?? 'none'}): ${Object.entries(manifest.counts).map(([k, v]) => `${v} ${k}`).join(', ')}, ${manifest.files} files. Next: npm run cli -- migrate up`);
        },
        // error: on the empty target, start-up's "no search model yet" warnings are expected noise.
        { migrate: false, logLevel: 'error' },
      ),
    );
}
