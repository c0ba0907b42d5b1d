import { type Kysely, sql } from 'kysely';

// One profile per user, with every column the product spec names for `profiles` (parts 1–3).
// The spec's `{product}_email` is `mailbox_address`. The spec's `profile_embedding` lives in a
// side table keyed by profile and model (created with search), so vectors of different models
// are never compared.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('profiles')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text')
    .addColumn('age', 'integer', (c) => c.check(sql`age BETWEEN 0 AND 150`))
    .addColumn('bio', 'text')
    .addColumn('location', 'text')
    .addColumn('birth_date', 'date', (c) => c.check(sql`birth_date >= DATE '1900-01-01'`))
    .addColumn('gender', 'text', (c) => c.check(sql`gender IN ('male', 'female', 'non-binary', 'prefer-not-to-say')`))
    .addColumn('profession', 'text')
    .addColumn('relationship_status', 'text', (c) =>
      c.check(sql`relationship_status IN ('single_straight', 'single_lgbtq', 'not_single')`),
    )
    .addColumn('contact_info', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('interests', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('enhanced_background', 'text')
    .addColumn('card_type', 'text', (c) => c.check(sql`card_type IN ('image', 'video', 'text')`))
    .addColumn('card_image_url', 'text')
    .addColumn('card_image_urls', sql`text[]`, (c) =>
      c.notNull().defaultTo(sql`'{}'::text[]`).check(sql`cardinality(card_image_urls) <= 8`),
    )
    .addColumn('card_video_url', 'text')
    .addColumn('card_text', 'text', (c) => c.check(sql`char_length(card_text) <= 500`))
    .addColumn('user_code', 'char(8)', (c) => c.unique().check(sql`user_code ~ '^[0-9]{8}$'`))
    .addColumn('mailbox_address', 'text')
    .addColumn('registration_order', 'integer', (c) => c.unique().check(sql`registration_order > 0`))
    .addColumn('avatar_url', 'text')
    .addColumn('is_vip', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('vip_expires_at', 'timestamptz')
    .addColumn('search_background_url', 'text')
    .addColumn('search_background_opacity', 'real', (c) =>
      c.notNull().defaultTo(0.7).check(sql`search_background_opacity BETWEEN 0.1 AND 1`),
    )
    .addColumn('ip_address', 'text')
    .addColumn('last_ip_update', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE UNIQUE INDEX profiles_mailbox_address_key ON profiles (lower(mailbox_address))`.execute(db);
  await sql`CREATE TRIGGER profiles_set_updated_at BEFORE UPDATE ON profiles FOR EACH ROW EXECUTE FUNCTION set_updated_at()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('profiles').execute();
}
