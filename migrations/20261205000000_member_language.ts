import { type Kysely, sql } from 'kysely';

// Languages (issue 27): each account keeps the language its member chose, so the e-mails sent
// while they are away, and a new device after sign-in, speak it. Existing accounts read English,
// which is all they have seen so far. The list of languages is content/i18n/languages.json.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN language text NOT NULL DEFAULT 'en' CONSTRAINT users_language_known CHECK (language IN ('en', 'zh-Hans', 'fr'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN language`.execute(db);
}
