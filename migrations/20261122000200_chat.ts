import { type Kysely, sql } from 'kysely';

// The onboarding / profile-update interview. A session holds the interviewer's state (which topic
// comes next and what has been learned so far) so a reload resumes where the member left off.
// Messages are `chat_messages`: the spec's `messages` table is the in-product mailbox.
// The profile gains the fields the interview writes (spec part 2: personalityType, socialStyle,
// relationshipStyle, coreValues) and what the member is looking for, which search reads.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chat_sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_type', 'text', (c) => c.notNull().check(sql`session_type IN ('onboarding', 'profile_update')`))
    .addColumn('state', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('completed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX chat_sessions_user_idx ON chat_sessions (user_id, session_type, created_at DESC)`.execute(db);
  await sql`CREATE TRIGGER chat_sessions_set_updated_at BEFORE UPDATE ON chat_sessions FOR EACH ROW EXECUTE FUNCTION set_updated_at()`.execute(db);

  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('session_id', 'uuid', (c) => c.notNull().references('chat_sessions.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role IN ('user', 'assistant')`))
    .addColumn('content', 'text', (c) => c.notNull().check(sql`char_length(content) BETWEEN 1 AND 4000`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX chat_messages_session_idx ON chat_messages (session_id, id)`.execute(db);

  await db.schema
    .alterTable('profiles')
    .addColumn('personality_type', 'text')
    .addColumn('social_style', 'text')
    .addColumn('relationship_style', 'text')
    .addColumn('core_values', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('looking_for', sql`text[]`, (c) =>
      c
        .notNull()
        .defaultTo(sql`'{}'::text[]`)
        .check(sql`looking_for <@ ARRAY['friend', 'activity_partner', 'partner']::text[]`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('profiles')
    .dropColumn('personality_type')
    .dropColumn('social_style')
    .dropColumn('relationship_style')
    .dropColumn('core_values')
    .dropColumn('looking_for')
    .execute();
  await db.schema.dropTable('chat_messages').execute();
  await db.schema.dropTable('chat_sessions').execute();
}
