import { type Kysely, sql } from 'kysely';

// The administrator's dashboard (spec part 3, Admin dashboard):
// - admin_audit_log: who changed what from the admin area. Rows outlive the administrator's
//   account (actor_id SET NULL, the e-mail kept) and say nothing about a member beyond an id.
// - nfc_locations: the physical touchpoints (spec part 3 §3); location_id is what the tag's URL
//   carries, so it is short, URL-safe and never changes (the service refuses a change).
// - payments: written by checkout (a later change); the Overview and Payments tabs read it now.
//   A payment outlives its account (user_id SET NULL) because revenue figures must not change.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('admin_audit_log')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('actor_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor_email', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull().check(sql`char_length(action) BETWEEN 1 AND 100`))
    .addColumn('target_type', 'text', (c) => c.notNull().check(sql`char_length(target_type) BETWEEN 1 AND 100`))
    .addColumn('target_id', 'text')
    .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX admin_audit_log_created_at_idx ON admin_audit_log (created_at DESC)`.execute(db);
  await sql`CREATE INDEX admin_audit_log_actor_id_idx ON admin_audit_log (actor_id)`.execute(db);

  await db.schema
    .createTable('nfc_locations')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('location_id', 'text', (c) => c.notNull().unique().check(sql`location_id ~ '^[A-Za-z0-9_-]{1,40}$'`))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`char_length(name) BETWEEN 1 AND 100`))
    .addColumn('address', 'text', (c) => c.check(sql`char_length(address) <= 200`))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('visitor_count', 'integer', (c) => c.notNull().defaultTo(0).check(sql`visitor_count >= 0`))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // 'Demo' and 'demo' would be two tags a person cannot tell apart: one of them, whatever the case.
  await sql`CREATE UNIQUE INDEX nfc_locations_location_id_lower_key ON nfc_locations (lower(location_id))`.execute(db);
  await sql`CREATE INDEX nfc_locations_created_at_idx ON nfc_locations (created_at DESC)`.execute(db);
  await sql`CREATE INDEX nfc_locations_created_by_idx ON nfc_locations (created_by)`.execute(db);
  await sql`CREATE TRIGGER nfc_locations_set_updated_at BEFORE UPDATE ON nfc_locations FOR EACH ROW EXECUTE FUNCTION set_updated_at()`.execute(db);

  await db.schema
    .createTable('payments')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('payment_type', 'text', (c) => c.notNull().check(sql`payment_type IN ('donation', 'monthly', 'yearly')`))
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents >= 0`))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('CAD'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status IN ('completed', 'pending', 'failed', 'refunded')`))
    .addColumn('stripe_session_id', 'text', (c) => c.unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX payments_created_at_idx ON payments (created_at DESC)`.execute(db);
  await sql`CREATE INDEX payments_user_id_idx ON payments (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payments').execute();
  await db.schema.dropTable('nfc_locations').execute();
  await db.schema.dropTable('admin_audit_log').execute();
}
