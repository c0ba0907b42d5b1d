/**
 * A batch job (DESIGN: jobs): a name, a plan of items and a handler per item. Handlers are
 * idempotent per item, so a run killed at any point is finished by running it again, and a second
 * run of a finished job changes nothing. The admin pages, the CLI and cron run the same jobs.
 */
export interface JobDefinition<Item = unknown> {
  name: string;
  description: string;
  /** Everything the run handles, in order (a forced run plans everyone, not only what needs it). */
  plan(options: RunOptions): Promise<Item[]>;
  /** A stable key per item (a profile id, say): what a resumed run skips. */
  key(item: Item): string;
  /** Handles one item; on a dry run it reports what it would do and changes nothing. */
  run(item: Item, options: RunOptions): Promise<ItemOutcome>;
  /**
   * Handles a whole batch at once (one model call, one write), with one outcome per item in
   * order; the runner then records the batch in one write. Jobs whose work batches well (the
   * embeddings) have it; the others are run and recorded item by item.
   */
  runBatch?(items: Item[], options: RunOptions): Promise<ItemOutcome[]>;
  /** After the last item, before the run is marked completed (a resumed run calls it too). */
  finish?(options: RunOptions): Promise<void>;
  /** Items between pauses, so members' own requests stay fast while it runs. */
  batchSize?: number;
}

export interface RunOptions {
  dryRun: boolean;
  /** Redo items that look current (enhance-profiles' forced run). */
  force: boolean;
}

export interface ItemOutcome {
  // 'failed': the item could not be done (its result says why); the next run tries it again.
  status: 'succeeded' | 'skipped' | 'failed';
  /** What the admin page and the CLI show for this item. */
  result?: Record<string, unknown>;
}

export class JobRegistry {
  private readonly jobs = new Map<string, JobDefinition>();

  constructor(definitions: JobDefinition[]) {
    for (const job of definitions) {
      if (this.jobs.has(job.name)) throw new Error(`Job ${job.name} is registered twice`);
      this.jobs.set(job.name, job);
    }
  }

  get(name: string): JobDefinition | undefined {
    return this.jobs.get(name);
  }

  list(): JobDefinition[] {
    return [...this.jobs.values()];
  }
}
