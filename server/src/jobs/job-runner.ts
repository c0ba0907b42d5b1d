import type { Kysely } from 'kysely';
import type { Logger } from 'pino';

import type { JobItem, JobRun } from '../../../contract/jobs.js';
import type { Clock } from '../clock.js';
import type { DB } from '../db/schema.js';
import { transaction } from '../db/transaction.js';
import { AppError, ConflictError, NotFoundError } from '../errors.js';
import type { ItemOutcome, JobDefinition, JobRegistry, RunOptions } from './job.js';
import type { JobRunRow, JobRunsRepository } from './job-runs.repository.js';

/** A running run whose heartbeat is older than this was interrupted (a crash, kill -9): the next start resumes it. */
export const STALE_AFTER_MS = 60_000;
const DEFAULT_BATCH = 20;

export type { JobRun };

export interface StartOptions {
  dryRun?: boolean;
  /** Redo what looks current (enhance-profiles' forced run). */
  force?: boolean;
  /** Items between pauses; the job's own size otherwise. */
  batchSize?: number;
  startedBy?: string | null;
  /** Called after each item (the CLI's progress). */
  onProgress?: (run: { processed: number; total: number }) => void;
}

export const JOB_MESSAGES = {
  unknown: (name: string) => `There is no job called ${name}.`,
  busy: (name: string, since: string) => `${name} is already running (started ${since}); wait for it to finish.`,
  modeMismatch: (name: string) => `An interrupted ${name} run is waiting to be finished; finish it first with the same --dry-run and --force settings.`,
} as const;

/**
 * Runs jobs from the registry: one run of a job at a time across every replica, progress and
 * per-item results in Postgres, interrupted runs resumed where they stopped.
 */
export class JobRunner {
  constructor(
    private readonly deps: {
      db: Kysely<DB>;
      registry: JobRegistry;
      runs: JobRunsRepository;
      clock: Clock;
      logger: Logger;
      /** Pause between batches, so members' own requests stay fast while a job runs. */
      pauseMs?: number;
    },
  ) {}

  has(name: string): boolean {
    return this.deps.registry.get(name) !== undefined;
  }

  list(): { name: string; description: string }[] {
    return this.deps.registry.list().map((job) => ({ name: job.name, description: job.description }));
  }

  /** Runs the job to its end (the CLI, cron); a resumed run skips what it had done. */
  async run(name: string, options: StartOptions = {}): Promise<JobRun> {
    const { job, run } = await this.claim(name, options);
    await this.execute(job, run, options.onProgress);
    return this.status(run.id);
  }

  /** Starts the job and answers at once (the admin pages poll `status`). */
  async start(name: string, options: StartOptions = {}): Promise<JobRun> {
    const { job, run } = await this.claim(name, options);
    void this.execute(job, run).catch((error: unknown) => this.deps.logger.error({ err: error, job: name }, 'job run failed'));
    return toJobRun(run);
  }

  async status(runId: string): Promise<JobRun> {
    const run = await this.deps.runs.find(runId);
    if (!run) throw new NotFoundError('Job run not found.', 'job_run_not_found');
    return toJobRun(run);
  }

  async recent(limit = 20, name?: string): Promise<JobRun[]> {
    return (await this.deps.runs.recent(limit, name)).map(toJobRun);
  }

  async items(runId: string): Promise<JobItem[]> {
    return (await this.deps.runs.items(runId)).map((row) => ({ key: row.item_key, status: row.status, result: row.result }));
  }

  private async claim(name: string, options: StartOptions): Promise<{ job: JobDefinition; run: JobRunRow }> {
    const { registry, runs, clock } = this.deps;
    const job = registry.get(name);
    if (!job) throw new AppError(404, 'unknown_job', JOB_MESSAGES.unknown(name));
    const dryRun = options.dryRun === true;
    const stored = { ...(options.force ? { force: true } : {}), ...(options.batchSize ? { batchSize: options.batchSize } : {}) };
    const now = clock.now();
    const { run, created } = await transaction(this.deps.db, (trx) => runs.claim(trx, name, { dryRun, options: stored, startedBy: options.startedBy ?? null, now }));
    if (created) return { job, run };
    const stale = now.getTime() - run.heartbeat_at.getTime() > STALE_AFTER_MS;
    if (!stale) throw new ConflictError(JOB_MESSAGES.busy(name, run.started_at.toISOString()), 'job_running');
    if (run.dry_run !== dryRun || Boolean(run.options.force) !== Boolean(options.force)) throw new ConflictError(JOB_MESSAGES.modeMismatch(name), 'job_interrupted');
    if (!(await runs.takeOver(run.id, run.heartbeat_at, now))) throw new ConflictError(JOB_MESSAGES.busy(name, run.started_at.toISOString()), 'job_running');
    this.deps.logger.info({ job: name, run: run.id, processed: run.processed }, 'resuming an interrupted job run');
    return { job, run };
  }

  private async execute(job: JobDefinition, run: JobRunRow, onProgress?: StartOptions['onProgress']): Promise<void> {
    const { runs, clock } = this.deps;
    const options = { dryRun: run.dry_run, force: run.options.force === true };
    const batchSize = Number(run.options.batchSize) || job.batchSize || DEFAULT_BATCH;
    try {
      const items = await job.plan(options);
      const done = await runs.recordedKeys(run.id);
      const keyed = items.map((item) => ({ item, key: job.key(item) }));
      const planned = new Set(keyed.map((k) => k.key));
      // A resumed run of a job that plans only what is stale no longer plans what it already did.
      const total = keyed.length + [...done].filter((key) => !planned.has(key)).length;
      await runs.setTotal(run.id, total, clock.now());
      const todo = keyed.filter((k) => !done.has(k.key));
      let processed = done.size;
      for (let from = 0; from < todo.length; from += batchSize) {
        if (from > 0) {
          // Let members' requests through between batches (and the AI, when the job uses it).
          await new Promise((resolve) => (this.deps.pauseMs ? setTimeout(resolve, this.deps.pauseMs) : setImmediate(resolve)));
        }
        const batch = todo.slice(from, from + batchSize);
        if (job.runBatch) {
          await this.runBatch(job, batch, options, run.id);
          processed += batch.length;
          onProgress?.({ processed, total });
        } else {
          for (const { item, key } of batch) {
            await this.runOne(job, item, key, options, run.id);
            onProgress?.({ processed: ++processed, total });
          }
        }
      }
      await job.finish?.(options);
      await runs.complete(run.id, clock.now());
    } catch (error) {
      await runs.fail(run.id, errorText(error), clock.now());
      throw error;
    }
  }

  private async runOne<Item>(job: JobDefinition<Item>, item: Item, key: string, options: RunOptions, runId: string): Promise<void> {
    const { runs, clock, logger } = this.deps;
    try {
      const outcome = await job.run(item, options);
      await runs.recordItem(runId, key, outcome.status, outcome.result ?? {}, clock.now());
    } catch (error) {
      // One item failing is recorded and the run goes on; the next run tries it again.
      logger.warn({ err: error, job: job.name, item: key }, 'job item failed');
      await runs.recordItem(runId, key, 'failed', { error: errorText(error) }, clock.now());
    }
  }

  /** One call for the batch and one write for its records; a batch that fails is recorded failed, item by item, and the run goes on. */
  private async runBatch<Item>(job: JobDefinition<Item>, batch: { item: Item; key: string }[], options: RunOptions, runId: string): Promise<void> {
    const { runs, clock, logger } = this.deps;
    let records: { key: string; status: ItemOutcome['status']; result: unknown }[];
    try {
      const outcomes = await job.runBatch!(batch.map((b) => b.item), options);
      records = batch.map((b, i) => ({ key: b.key, status: outcomes[i]!.status, result: outcomes[i]!.result ?? {} }));
    } catch (error) {
      logger.warn({ err: error, job: job.name, items: batch.length }, 'job batch failed');
      records = batch.map((b) => ({ key: b.key, status: 'failed', result: { error: errorText(error) } }));
    }
    await runs.recordItems(runId, records, clock.now());
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function toJobRun(row: JobRunRow): JobRun {
  return {
    id: row.id,
    name: row.name,
    dryRun: row.dry_run,
    state: row.state,
    total: row.total,
    processed: row.processed,
    succeeded: row.succeeded,
    failed: row.failed,
    skipped: row.skipped,
    error: row.error,
    startedBy: row.started_by,
    options: row.options as JobRun['options'],
    startedAt: row.started_at.toISOString(),
    finishedAt: row.finished_at ? row.finished_at.toISOString() : null,
  };
}
