import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';

import type { DB, JobItemStatus, JobRunsTable } from '../db/schema.js';

export type JobRunRow = Selectable<JobRunsTable>;

export class JobRunsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Claims the job for one run, inside the runner's transaction: under a transaction-level
   * advisory lock on the job's name (so two replicas starting it at once take turns here), returns
   * the running run if there is one, else inserts a new one. The lock is not held while the run
   * works: the unique running row is what keeps a second run out, and its heartbeat tells a live
   * run from an interrupted one.
   */
  async claim(trx: Transaction<DB>, name: string, create: { dryRun: boolean; options: Record<string, unknown>; startedBy: string | null; now: Date }): Promise<{ run: JobRunRow; created: boolean }> {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`job:${name}`}))`.execute(trx);
    const running = await trx.selectFrom('job_runs').selectAll().where('name', '=', name).where('state', '=', 'running').executeTakeFirst();
    if (running) return { run: running, created: false };
    const run = await trx
      .insertInto('job_runs')
      .values({ name, dry_run: create.dryRun, options: JSON.stringify(create.options), state: 'running', started_by: create.startedBy, started_at: create.now, heartbeat_at: create.now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { run, created: true };
  }

  /** Takes over an interrupted run: only if its heartbeat is still the stale one we saw. */
  async takeOver(runId: string, staleHeartbeat: Date, now: Date): Promise<boolean> {
    const result = await this.db.updateTable('job_runs').set({ heartbeat_at: now }).where('id', '=', runId).where('state', '=', 'running').where('heartbeat_at', '=', staleHeartbeat).executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async fail(runId: string, error: string, now: Date): Promise<void> {
    await this.db.updateTable('job_runs').set({ state: 'failed', error, finished_at: now }).where('id', '=', runId).execute();
  }

  async setTotal(runId: string, total: number, now: Date): Promise<void> {
    await this.db.updateTable('job_runs').set({ total, heartbeat_at: now }).where('id', '=', runId).execute();
  }

  async recordedKeys(runId: string): Promise<Set<string>> {
    const rows = await this.db.selectFrom('job_run_items').select('item_key').where('run_id', '=', runId).execute();
    return new Set(rows.map((r) => r.item_key));
  }

  /** Records one item and counts it; an item recorded twice counts once. */
  recordItem(runId: string, key: string, status: JobItemStatus, result: unknown, now: Date): Promise<void> {
    return this.recordItems(runId, [{ key, status, result }], now);
  }

  /**
   * Records a batch of items and counts those not recorded before, in one statement (the insert
   * in a common table expression, the count from what it inserted), so the counts never drift
   * from the items.
   */
  async recordItems(runId: string, items: readonly { key: string; status: JobItemStatus; result: unknown }[], now: Date): Promise<void> {
    if (items.length === 0) return;
    await this.db
      .with('inserted', (db) =>
        db
          .insertInto('job_run_items')
          .values(items.map((item) => ({ run_id: runId, item_key: item.key, status: item.status, result: JSON.stringify(item.result ?? {}) })))
          .onConflict((oc) => oc.columns(['run_id', 'item_key']).doNothing())
          .returning('status'),
      )
      .updateTable('job_runs')
      .set((eb) => {
        const count = (status?: JobItemStatus) => {
          const counted = eb.selectFrom('inserted').select(eb.fn.countAll<number>().as('n'));
          return status ? counted.where('inserted.status', '=', status) : counted;
        };
        return {
          processed: eb('processed', '+', count()),
          succeeded: eb('succeeded', '+', count('succeeded')),
          failed: eb('failed', '+', count('failed')),
          skipped: eb('skipped', '+', count('skipped')),
          heartbeat_at: now,
        };
      })
      .where('id', '=', runId)
      .execute();
  }

  async complete(runId: string, now: Date): Promise<void> {
    await this.db.updateTable('job_runs').set({ state: 'completed', finished_at: now, heartbeat_at: now }).where('id', '=', runId).execute();
  }

  find(runId: string): Promise<JobRunRow | undefined> {
    return this.db.selectFrom('job_runs').selectAll().where('id', '=', runId).executeTakeFirst();
  }

  recent(limit: number, name?: string): Promise<JobRunRow[]> {
    let query = this.db.selectFrom('job_runs').selectAll();
    if (name) query = query.where('name', '=', name);
    return query.orderBy('started_at', 'desc').limit(limit).execute();
  }

  items(runId: string): Promise<{ item_key: string; status: JobItemStatus; result: unknown }[]> {
    return this.db.selectFrom('job_run_items').select(['item_key', 'status', 'result']).where('run_id', '=', runId).orderBy('created_at').orderBy('item_key').execute();
  }
}
