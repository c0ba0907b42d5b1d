import { type Kysely, sql } from 'kysely';

// The feed shows each author's likes: a count over liked_profiles by liked_profile_id, for every
// moment of a page. Without an index that is a scan of the whole table per author (the soak found
// it: Postgres's CPU per request tripled in ten minutes as likes accumulated; 61.6 ms for the feed
// at 6,000 likes, 8.7 ms with this index). The primary key (user_id, liked_profile_id) serves
// only "whom did I like". A plain CREATE INDEX: the table is small next to the profiles, and the
// lock it takes blocks likes for the moment of the build only.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX liked_profiles_liked_profile_id_idx ON liked_profiles (liked_profile_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX liked_profiles_liked_profile_id_idx`.execute(db);
}
