import { type Kysely, sql } from 'kysely';

// Registration order (the welcome letter's "Pioneer" number, and the first-5,000 gift) comes from a
// sequence: unique and increasing under any number of concurrent sign-ups, with no read-then-write.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE SEQUENCE profiles_registration_order_seq START 1 OWNED BY profiles.registration_order`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP SEQUENCE IF EXISTS profiles_registration_order_seq`.execute(db);
}
