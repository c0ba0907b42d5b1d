import { type Kysely, sql } from 'kysely';

// Inbox control (issue 34): who may start a conversation with the member — everyone (as every
// account had until now), only members they liked, or only campus-verified members. Kept on the
// account, beside its language: it is about the member, not one profile field.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN start_conversations text NOT NULL DEFAULT 'everyone'
    CONSTRAINT users_start_conversations_known CHECK (start_conversations IN ('everyone', 'liked', 'verified'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN start_conversations`.execute(db);
}
