import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One trigger function keeps every table's updated_at honest, whoever writes the row.
  await sql`
    CREATE OR REPLACE FUNCTION set_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.updated_at := now();
      RETURN NEW;
    END;
    $$`.execute(db);

  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (c) => c.notNull().check(sql`email = btrim(email) AND email <> ''`))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('email_confirmed_at', 'timestamptz')
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // E-mail is unique regardless of case, among accounts that are not deleted: the spec lets a
  // person register again with the same address while the deleted account waits for its purge.
  await sql`CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email)) WHERE deleted_at IS NULL`.execute(db);
  await sql`CREATE INDEX users_email_lower_idx ON users (lower(email))`.execute(db);
  await sql`CREATE TRIGGER users_set_updated_at BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION set_updated_at()`.execute(db);

  // The spec's has_role(_user_id, _role): roles granted to a user. Only 'admin' exists.
  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role IN ('admin')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('user_roles_pkey', ['user_id', 'role'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_roles').execute();
  await db.schema.dropTable('users').execute();
  await sql`DROP FUNCTION IF EXISTS set_updated_at()`.execute(db);
}
