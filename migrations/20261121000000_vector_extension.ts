import { type Kysely, sql } from 'kysely';

// pgvector holds profile embeddings for search. On an external server, creating an extension
// needs a privileged role: docker/postgres/init.sql (or the provisioning script) creates it
// first, and then this statement is a no-op.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS vector`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP EXTENSION IF EXISTS vector`.execute(db);
}
