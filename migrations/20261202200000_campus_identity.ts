import { type Kysely, sql } from 'kysely';

// Campus sign-in (OpenID Connect). A person's campus identity is the provider's issuer and its
// subject, never the e-mail (addresses are reassigned; the subject is not). A campus-only account
// has no password. campus_verified_at: when the member was last shown to be of the campus (a
// campus sign-in, or an address in SIGNUP_EMAIL_DOMAINS), for the "verified campus member" mark;
// a column rather than a computed test so search can filter on it without reading addresses.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ALTER COLUMN password_hash DROP NOT NULL`.execute(db);
  await db.schema.alterTable('users').addColumn('campus_verified_at', 'timestamptz').execute();
  await db.schema
    .createTable('user_identities')
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_sign_in_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('user_identities_pkey', ['issuer', 'subject'])
    .execute();
  await sql`CREATE INDEX user_identities_user_id_idx ON user_identities (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_identities').execute();
  await db.schema.alterTable('users').dropColumn('campus_verified_at').execute();
  // A campus-only account has no password to restore: it cannot survive going back.
  await sql`DELETE FROM users WHERE password_hash IS NULL`.execute(db);
  await sql`ALTER TABLE users ALTER COLUMN password_hash SET NOT NULL`.execute(db);
}
