import { type Kysely, sql } from 'kysely';

// Members run their own account (spec part 2 settings, part 3 deletion):
// - deleted_profiles records each deletion (spec part 3 §3); the account's rows stay until the
//   purge 90 days later removes them, this record with them.
// - notify_new_messages: whether a new mailbox message is also announced by e-mail.
// - the unread count of an inbox is read often (the search screen's menu), so it has its own index.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('deleted_profiles')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('deleted_email', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('deleted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX deleted_profiles_deleted_at_idx ON deleted_profiles (deleted_at)`.execute(db);

  await db.schema
    .alterTable('profiles')
    .addColumn('notify_new_messages', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();

  await sql`CREATE INDEX messages_unread_idx ON messages (lower(recipient_email)) WHERE NOT is_read`.execute(db);
  await sql`CREATE INDEX messages_recipient_id_idx ON messages (recipient_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX messages_recipient_id_idx`.execute(db);
  await sql`DROP INDEX messages_unread_idx`.execute(db);
  await db.schema.alterTable('profiles').dropColumn('notify_new_messages').execute();
  await db.schema.dropTable('deleted_profiles').execute();
}
