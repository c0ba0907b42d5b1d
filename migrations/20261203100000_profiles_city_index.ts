import { type Kysely, sql } from 'kysely';

// Search rules (issue 26): "in Vancouver" and "near me" filter profiles by the first part of the
// location, lower-cased, as the ranking reads a city. Without statistics for that expression the
// planner guessed 0.5 % of profiles for any city (50 of 10,000; Vancouver had 2,243), chose an
// exact distance sort over them instead of the HNSW index, and the rules' leg cost 36 ms. An
// expression index makes ANALYZE keep the expression's statistics, and serves the filter.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX profiles_city_idx ON profiles (lower(btrim(split_part(location, ',', 1))))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX profiles_city_idx`.execute(db);
}
