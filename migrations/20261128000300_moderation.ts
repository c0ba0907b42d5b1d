import { type Kysely, sql } from 'kysely';

// Trust and safety (features/moderation): blocks between members, reports with the evidence as
// it was when reported, a profile hidden from search pending review, and mail from a member the
// recipient had blocked kept out of the recipient's inbox for good (withheld), unannounced.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('blocks')
    .addColumn('blocker_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('blocks_pkey', ['blocker_id', 'blocked_id'])
    .addCheckConstraint('blocks_not_self', sql`blocker_id <> blocked_id`)
    .execute();
  await sql`CREATE INDEX blocks_blocked_idx ON blocks (blocked_id, blocker_id)`.execute(db);

  await db.schema
    .createTable('reports')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('reporter_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reported_user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull().check(sql`reason IN ('harassment', 'spam', 'fake_profile', 'inappropriate_content', 'underage', 'other')`))
    .addColumn('note', 'text', (c) => c.check(sql`char_length(note) <= 1000`))
    .addColumn('evidence', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open').check(sql`status IN ('open', 'dismissed', 'warned', 'hidden', 'deleted')`))
    .addColumn('resolved_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX reports_open_idx ON reports (created_at) WHERE status = 'open'`.execute(db);
  await sql`CREATE INDEX reports_reported_idx ON reports (reported_user_id, status)`.execute(db);

  await db.schema.alterTable('profiles').addColumn('hidden_at', 'timestamptz').execute();
  await db.schema.alterTable('messages').addColumn('withheld', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('withheld').execute();
  await db.schema.alterTable('profiles').dropColumn('hidden_at').execute();
  await db.schema.dropTable('reports').execute();
  await db.schema.dropTable('blocks').execute();
}
