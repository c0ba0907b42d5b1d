import { type Kysely, sql } from 'kysely';

// Two indexes the feed needs (found by the soak, docs/benchmarks-soak.md):
// - Each feed shows every author's likes: a count over liked_profiles by liked_profile_id, per
//   moment of a page. The primary key (user_id, liked_profile_id) serves only "whom did I like",
//   so that count scanned every like: Postgres's CPU per request tripled in ten minutes as likes
//   accumulated (the feed took 61.6 ms at 6,000 likes, 8.7 ms with this index).
// - The first moments (profile cards) of the feed are the newest profiles with a card: without an
//   index in that order, every feed read all profiles and all users to sort them; with it, the
//   feed reads a page's worth.
// Plain CREATE INDEX: the lock blocks writes to these tables for the moment of the build only.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX liked_profiles_liked_profile_id_idx ON liked_profiles (liked_profile_id)`.execute(db);
  await sql`CREATE INDEX profiles_feed_cards_idx ON profiles (is_sample, created_at DESC) WHERE card_type IS NOT NULL AND hidden_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX profiles_feed_cards_idx`.execute(db);
  await sql`DROP INDEX liked_profiles_liked_profile_id_idx`.execute(db);
}
