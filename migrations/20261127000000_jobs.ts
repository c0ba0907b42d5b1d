import { type Kysely, sql } from 'kysely';

// Batch jobs (DESIGN: jobs): one row per run with its progress and counts, one row per item it
// handled. A run that is 'running' with a stale heartbeat was interrupted (a crash, kill -9) and
// is resumed by the next start of the same job, skipping the items it already recorded.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_runs')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('options', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('dry_run', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state IN ('running', 'completed', 'failed')`))
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('succeeded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('started_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('error', 'text')
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('heartbeat_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  // At most one run of a job is running, whichever replica started it.
  await sql`CREATE UNIQUE INDEX job_runs_one_running ON job_runs (name) WHERE state = 'running'`.execute(db);
  await sql`CREATE INDEX job_runs_name_started_idx ON job_runs (name, started_at DESC)`.execute(db);

  await db.schema
    .createTable('job_run_items')
    .addColumn('run_id', 'uuid', (c) => c.notNull().references('job_runs.id').onDelete('cascade'))
    .addColumn('item_key', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status IN ('succeeded', 'failed', 'skipped')`))
    .addColumn('result', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('job_run_items_pkey', ['run_id', 'item_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_run_items').execute();
  await db.schema.dropTable('job_runs').execute();
}
