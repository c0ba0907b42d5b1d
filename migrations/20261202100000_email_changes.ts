import { type Kysely, sql } from 'kysely';

// Changing the sign-in e-mail (issue 23): the new address waits here for the 6-digit code mailed
// to it, kept as the sign-up codes are (a keyed hash, 10 minutes, 5 attempts). One row per member;
// asking again replaces it. The address is lower-cased like users.email is compared.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pending_email_changes')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('new_email', 'text', (c) => c.notNull().check(sql`new_email = lower(btrim(new_email))`))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('code_issued_at', 'timestamptz', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pending_email_changes').execute();
}
