import { type Kysely, sql } from 'kysely';

// Daily use (spec part 2 §3): posted moments, likes, the search streak, and the in-product
// mailbox that introductions are delivered to. Sample members made by `seed --demo` are marked on
// their profile and their moments so they can be removed, and never counted as real activity.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('profiles')
    .addColumn('is_sample', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable('user_moments')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('moment_type', 'text', (c) => c.notNull().check(sql`moment_type IN ('image', 'video', 'text')`))
    .addColumn('image_url', 'text')
    .addColumn('video_url', 'text')
    .addColumn('text_content', 'text', (c) => c.check(sql`char_length(text_content) <= 500`))
    .addColumn('caption', 'text', (c) => c.check(sql`char_length(caption) <= 300`))
    .addColumn('is_first_moment', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_sample', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .addCheckConstraint(
      'user_moments_content_matches_type',
      sql`(moment_type = 'image' AND image_url IS NOT NULL) OR (moment_type = 'video' AND video_url IS NOT NULL) OR (moment_type = 'text' AND text_content IS NOT NULL)`,
    )
    .execute();
  await sql`CREATE INDEX user_moments_user_idx ON user_moments (user_id, created_at DESC) WHERE deleted_at IS NULL`.execute(db);
  await sql`CREATE INDEX user_moments_recent_idx ON user_moments (created_at DESC) WHERE deleted_at IS NULL`.execute(db);

  await db.schema
    .createTable('liked_profiles')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('liked_user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('liked_profile_id', 'uuid', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('liked_profiles_pkey', ['user_id', 'liked_profile_id'])
    .addCheckConstraint('liked_profiles_not_self', sql`user_id <> liked_user_id`)
    .execute();

  await db.schema
    .createTable('search_check_ins')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('streak_days', 'integer', (c) => c.notNull().check(sql`streak_days >= 0`))
    .addColumn('streak_boxes', 'integer', (c) => c.notNull().check(sql`streak_boxes BETWEEN 0 AND 5`))
    .addColumn('last_check_in_date', 'date', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('search_check_ins_pkey', ['user_id', 'date'])
    .execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('sender_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('sender_email', 'text', (c) => c.notNull())
    .addColumn('recipient_email', 'text', (c) => c.notNull())
    .addColumn('recipient_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('subject', 'text', (c) => c.notNull().check(sql`char_length(subject) BETWEEN 1 AND 200`))
    .addColumn('content', 'text', (c) => c.notNull().check(sql`char_length(content) BETWEEN 1 AND 10000`))
    .addColumn('is_read', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX messages_recipient_idx ON messages (lower(recipient_email), created_at DESC)`.execute(db);
  await sql`CREATE INDEX messages_sender_idx ON messages (sender_id, created_at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('messages').execute();
  await db.schema.dropTable('search_check_ins').execute();
  await db.schema.dropTable('liked_profiles').execute();
  await db.schema.dropTable('user_moments').execute();
  await db.schema.alterTable('profiles').dropColumn('is_sample').execute();
}
