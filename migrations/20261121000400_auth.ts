import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A sign-up waiting for its e-mailed code. The password is already hashed; the code is kept
  // only as a keyed hash. One row per address (lower-cased); a new code replaces the old one.
  await db.schema
    .createTable('pending_signups')
    .addColumn('email', 'text', (c) => c.primaryKey().check(sql`email = lower(btrim(email))`))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('code_issued_at', 'timestamptz', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE TRIGGER pending_signups_set_updated_at BEFORE UPDATE ON pending_signups FOR EACH ROW EXECUTE FUNCTION set_updated_at()`.execute(db);

  // Password-reset links: only the SHA-256 of the random token is stored; single use, short-lived.
  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('password_reset_tokens_user_idx').on('password_reset_tokens').column('user_id').execute();

  // Fixed-window counters for rate limits, shared by every app replica.
  await db.schema
    .createTable('rate_limit_hits')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limit_hits_pkey', ['key', 'window_start'])
    .execute();

  // Sign-out ends every session of a user: find them by the user id passport keeps in the session.
  await sql`CREATE INDEX sessions_user_idx ON sessions ((sess -> 'passport' ->> 'user'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS sessions_user_idx`.execute(db);
  await db.schema.dropTable('rate_limit_hits').execute();
  await db.schema.dropTable('password_reset_tokens').execute();
  await db.schema.dropTable('pending_signups').execute();
}
