import { type Kysely, sql } from 'kysely';

// Suspension (features/moderation): an account the administrator suspended cannot sign in and
// its sessions count as signed out (auth.service assertMaySignIn), until the suspension is
// lifted. A suspension decided on reports closes them as 'suspended'. Both steps only expand:
// the new column is nullable, and the reports' status check allows one more value, so the
// release still running (which writes only the values it knows) is unaffected.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('suspended_at', 'timestamptz').execute();
  // Widening: the old check is replaced by one that allows everything it allowed, and 'suspended'.
  await sql`ALTER TABLE reports DROP CONSTRAINT reports_status_check,
    ADD CONSTRAINT reports_status_check CHECK (status IN ('open', 'dismissed', 'warned', 'hidden', 'deleted', 'suspended'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The older schema has no 'suspended': such reports read as 'hidden', the nearest it knows.
  await sql`UPDATE reports SET status = 'hidden' WHERE status = 'suspended'`.execute(db);
  await sql`ALTER TABLE reports DROP CONSTRAINT reports_status_check,
    ADD CONSTRAINT reports_status_check CHECK (status IN ('open', 'dismissed', 'warned', 'hidden', 'deleted'))`.execute(db);
  await db.schema.alterTable('users').dropColumn('suspended_at').execute();
}
