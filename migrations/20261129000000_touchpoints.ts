import { type Kysely, sql } from 'kysely';

// Meeting in person (spec part 3: touchpoint landing page, comments, exchange):
// - location_visits: one row per visitor, touchpoint and day, so a reload counts nothing. A
//   visitor is a keyed hash (of the anonymous visitor cookie, or of the member's account): the
//   table holds no address and no cookie. user_id is set only for a member who lets themselves be
//   shown at places they tap; it is what the touchpoint's list reads, and rows older than the
//   listing window are deleted by housekeeping, so nobody's history outlives the window.
// - location_comments: the community wall of a touchpoint; user_id null for a visitor's comment;
//   replies are one level deep (the service refuses a reply to a reply).
// - profiles.show_at_touchpoints: "show me at places I tap" (General settings), on by default.
// - the demo touchpoint the spec's /nfc defaults to; the administrator may edit or delete it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('location_visits')
    .addColumn('location_id', 'uuid', (c) => c.notNull().references('nfc_locations.id').onDelete('cascade'))
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('visitor_key', 'text', (c) => c.notNull().check(sql`char_length(visitor_key) BETWEEN 1 AND 100`))
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('ordinal', 'integer', (c) => c.notNull().check(sql`ordinal >= 1`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('location_visits_pkey', ['location_id', 'day', 'visitor_key'])
    .execute();
  await sql`CREATE INDEX location_visits_members_idx ON location_visits (location_id, created_at) WHERE user_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX location_visits_user_id_idx ON location_visits (user_id) WHERE user_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX location_visits_day_idx ON location_visits (day)`.execute(db);

  await db.schema
    .createTable('location_comments')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('location_id', 'uuid', (c) => c.notNull().references('nfc_locations.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('comment', 'text', (c) => c.notNull().check(sql`char_length(comment) BETWEEN 1 AND 500`))
    .addColumn('parent_comment_id', 'uuid', (c) => c.references('location_comments.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX location_comments_location_idx ON location_comments (location_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX location_comments_parent_idx ON location_comments (parent_comment_id) WHERE parent_comment_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX location_comments_user_id_idx ON location_comments (user_id) WHERE user_id IS NOT NULL`.execute(db);

  await sql`ALTER TABLE profiles ADD COLUMN show_at_touchpoints boolean NOT NULL DEFAULT true`.execute(db);

  await sql`
    INSERT INTO nfc_locations (location_id, name, address)
    SELECT 'demo', 'Demo touchpoint', NULL
    WHERE NOT EXISTS (SELECT 1 FROM nfc_locations WHERE lower(location_id) = 'demo')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE profiles DROP COLUMN show_at_touchpoints`.execute(db);
  await db.schema.dropTable('location_comments').execute();
  await db.schema.dropTable('location_visits').execute();
}
