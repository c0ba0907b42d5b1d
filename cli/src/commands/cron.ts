import { Cron } from 'croner';
import type { Command } from 'commander';

import type { AppContext } from '../../../server/src/context.js';
import { type NightlyOutcome, runNightly } from '../../../server/src/jobs/nightly.js';
import { ConflictError } from '../../../server/src/errors.js';
import { WEEKLY_INTRODUCTIONS_JOB } from '../../../server/src/jobs/weekly-introductions.job.js';
import { runWithContext } from '../run-with-context.js';

function describe(outcome: NightlyOutcome): string {
  if ('run' in outcome) {
    const { run } = outcome;
    return `${run.name} ${run.state}: ${run.processed}/${run.total} processed, ${run.succeeded} changed, ${run.failed} failed, ${run.skipped} skipped${run.error ? ` (${run.error})` : ''}`;
  }
  return 'skipped' in outcome ? `${outcome.job} skipped: ${outcome.skipped}` : `${outcome.job} failed: ${outcome.error}`;
}

/** One pass of the nightly set, each outcome printed as it ends; true when nothing failed. */
async function nightly(ctx: AppContext, json: boolean): Promise<boolean> {
  const stamp = () => new Date().toISOString();
  const outcomes = await runNightly(ctx.jobs, (outcome) => console.log(json ? JSON.stringify({ at: stamp(), ...outcome }) : `${stamp()} ${describe(outcome)}`));
  const report = await ctx.services.moderation.overdueReport();
  if (report.overdue > 0) {
    const line = `${report.overdue} report(s) older than 24 hours have had no action (oldest ${report.oldest}): review them in the admin's Moderation tab`;
    console.log(json ? JSON.stringify({ at: stamp(), moderation: report }) : `${stamp()} ${line}`);
    ctx.logger.warn(report, line);
  }
  let backedUp = true;
  const { dir, keep } = ctx.config.backup;
  if (dir) {
    // Last, so the backup holds the night's purges; a failed backup fails the pass (exit 1 with --once).
    try {
      const backup = await ctx.services.backup.create(dir, keep);
      const offsite = backup.offsite ? `; copied to ${backup.offsite.url} (${backup.offsite.pruned.length} older copies removed)` : '';
      console.log(json ? JSON.stringify({ at: stamp(), backup: backup.path, files: backup.manifest.files, counts: backup.manifest.counts, pruned: backup.pruned, offsite: backup.offsite }) : `${stamp()} backup written to ${backup.path} (${backup.pruned.length} older removed)${offsite}`);
    } catch (error) {
      backedUp = false;
      ctx.logger.error({ err: error }, 'cron: the nightly backup failed');
      console.log(json ? JSON.stringify({ at: stamp(), backupError: (error as Error).message }) : `${stamp()} backup failed: ${(error as Error).message}`);
    }
  } else if (ctx.config.backup.offsite) {
    // The off-host copy is made from the backup folder: without a place for it there is none.
    ctx.logger.warn('cron: BACKUP_S3_BUCKET is set but BACKUP_DIR is not, so no nightly backup is made (nor its off-host copy)');
  }
  return backedUp && outcomes.every((outcome) => !('error' in outcome) && (!('run' in outcome) || outcome.run.state === 'completed'));
}

/** One weekly round, its outcome printed; a failure is logged and waits for next week's (or an admin's run-now). */
async function weeklyRound(ctx: AppContext, json: boolean): Promise<void> {
  const stamp = () => new Date().toISOString();
  let outcome: NightlyOutcome;
  try {
    outcome = { job: WEEKLY_INTRODUCTIONS_JOB, run: await ctx.jobs.run(WEEKLY_INTRODUCTIONS_JOB) };
  } catch (error) {
    outcome = error instanceof ConflictError ? { job: WEEKLY_INTRODUCTIONS_JOB, skipped: error.message } : { job: WEEKLY_INTRODUCTIONS_JOB, error: error instanceof Error ? error.message : String(error) };
    if ('error' in outcome) ctx.logger.error({ err: error }, 'cron: the weekly introductions failed');
  }
  console.log(json ? JSON.stringify({ at: stamp(), ...outcome }) : `${stamp()} ${describe(outcome)}`);
}

export function registerCron(program: Command): void {
  program
    .command('cron')
    .description('run the nightly maintenance (CRON_NIGHTLY) and the weekly introductions (CRON_WEEKLY_INTRODUCTIONS) on their schedules in the foreground; --once runs the nightly set now and exits')
    .option('--once', 'run the nightly set once now and exit (exit 1 if a job failed)')
    .option('--json', 'print one JSON line per job')
    .action((options: { once?: boolean; json?: boolean }) =>
      runWithContext(async (ctx) => {
        if (options.once) {
          if (!(await nightly(ctx, options.json === true))) process.exitCode = 1;
          return;
        }
        const { nightly: pattern, weeklyIntroductions, timezone } = ctx.config.jobs;
        // protect: a pass still running when the next is due is not started twice.
        const schedule = new Cron(pattern, { timezone, protect: true }, async () => {
          await nightly(ctx, options.json === true).catch((error: unknown) => ctx.logger.error({ err: error }, 'cron: the nightly pass failed'));
          console.log(`next nightly maintenance: ${schedule.nextRun()?.toISOString() ?? 'never'}`);
        });
        // The weekly round on its own day and hour (CRON_WEEKLY_INTRODUCTIONS); a second run in the same week proposes nothing.
        const weekly = new Cron(weeklyIntroductions, { timezone, protect: true }, async () => {
          await weeklyRound(ctx, options.json === true);
          console.log(`next weekly introductions: ${weekly.nextRun()?.toISOString() ?? 'never'}`);
        });
        console.log(`cron: nightly maintenance "${pattern}"${timezone ? ` (${timezone})` : ''}; next ${schedule.nextRun()?.toISOString() ?? 'never'}`);
        console.log(`cron: weekly introductions "${weeklyIntroductions}"; next ${weekly.nextRun()?.toISOString() ?? 'never'}`);
        await new Promise<void>((resolve) => {
          const stop = () => {
            schedule.stop();
            weekly.stop();
            resolve();
          };
          process.once('SIGINT', stop);
          process.once('SIGTERM', stop);
        });
      }),
    );
}
