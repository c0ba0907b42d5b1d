import { type Kysely, sql } from 'kysely';

// Outgoing mail (mail/mail-queue.ts): requests queue a message and answer at once; a worker on
// any replica delivers it with short SMTP timeouts and retries with growing pauses. Bodies are
// cleared once a message is sent or given up on, so sign-up codes do not linger here.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('outgoing_mail')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('queued').check(sql`state IN ('queued', 'sending', 'sent', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('locked_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await sql`CREATE INDEX outgoing_mail_due_idx ON outgoing_mail (next_attempt_at) WHERE state IN ('queued', 'sending')`.execute(db);
  await sql`CREATE INDEX outgoing_mail_state_created_idx ON outgoing_mail (state, created_at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('outgoing_mail').execute();
}
