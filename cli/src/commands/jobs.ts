import { type Command, InvalidArgumentError } from 'commander';

import type { JobRun } from '../../../server/src/jobs/job-runner.js';
import { refuse } from '../refuse.js';
import { runWithContext } from '../run-with-context.js';

const line = (run: JobRun) =>
  `${run.name} ${run.dryRun ? '(dry run) ' : ''}${run.state}: ${run.processed}/${run.total} processed, ${run.succeeded} succeeded, ${run.failed} failed, ${run.skipped} skipped${run.error ? ` (${run.error})` : ''} [run ${run.id}]`;

function batchSize(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 1000) throw new InvalidArgumentError('a whole number from 1 to 1000');
  return n;
}

/** A terminal's progress line: a bar, the percentage and the count. */
function bar(processed: number, total: number): string {
  const width = 30;
  const done = total === 0 ? width : Math.round((processed / total) * width);
  const percent = total === 0 ? 100 : Math.floor((processed / total) * 100);
  return `[${'#'.repeat(done)}${'-'.repeat(width - done)}] ${String(percent).padStart(3)}% ${processed}/${total}`;
}

export function registerJobs(program: Command): void {
  const jobs = program.command('jobs').description('batch jobs: the same ones the admin pages start and cron runs');

  jobs
    .command('list')
    .description('the jobs there are')
    .option('--json', 'print JSON')
    .action((options: { json?: boolean }) =>
      runWithContext(async (ctx) => {
        const list = ctx.jobs.list();
        console.log(options.json ? JSON.stringify(list) : list.map((job) => `${job.name.padEnd(24)} ${job.description}`).join('\n'));
      }),
    );

  jobs
    .command('run')
    .description('run a job to its end (resumes an interrupted run of it); exit 1 if the run fails')
    .argument('<name>', 'the job (see jobs list)')
    .option('--dry-run', 'report what would change and change nothing')
    .option('--force', 'redo what looks current too (enhance-profiles: everyone, not only who lacks AI text)')
    .option('--batch-size <n>', 'items between pauses (default: the job\'s own, 20)', batchSize)
    .option('--json', 'print the finished run as JSON')
    .action((name: string, options: { dryRun?: boolean; force?: boolean; batchSize?: number; json?: boolean }) =>
      runWithContext(async (ctx) => {
        let shown = 0;
        const onProgress = ({ processed, total }: { processed: number; total: number }) => {
          // On a terminal one line that updates; otherwise a plain line every tenth of the way.
          if (process.stderr.isTTY) process.stderr.write(`\r${name} ${bar(processed, total)}`);
          else if (processed === total || processed - shown >= Math.max(1, Math.ceil(total / 10))) {
            shown = processed;
            process.stderr.write(`${name}: ${processed}/${total}\n`);
          }
        };
        try {
          const run = await ctx.jobs.run(name, { dryRun: options.dryRun === true, force: options.force === true, batchSize: options.batchSize, onProgress });
          if (process.stderr.isTTY) process.stderr.write('\n');
          console.log(options.json ? JSON.stringify({ run, items: await ctx.jobs.items(run.id) }) : line(run));
          if (run.state !== 'completed') process.exitCode = 1;
        } catch (error) {
          refuse(error);
        }
      }),
    );

  jobs
    .command('status')
    .description('the recent runs, or one run with its items')
    .argument('[run-id]', 'one run')
    .option('--json', 'print JSON')
    .action((runId: string | undefined, options: { json?: boolean }) =>
      runWithContext(async (ctx) => {
        try {
          if (runId) {
            const run = await ctx.jobs.status(runId);
            const items = await ctx.jobs.items(runId);
            console.log(options.json ? JSON.stringify({ run, items }) : [line(run), ...items.map((item) => `  ${item.status.padEnd(9)} ${item.key} ${JSON.stringify(item.result)}`)].join('\n'));
          } else {
            const runs = await ctx.jobs.recent(20);
            console.log(options.json ? JSON.stringify(runs) : runs.map(line).join('\n') || 'no runs yet');
          }
        } catch (error) {
          refuse(error);
        }
      }),
    );
}
