import { createHash } from 'node:crypto';

import { type Kysely, sql } from 'kysely';

// The built-in embedding model became kindred-builtin-embed-v2 (its neighbour table: words the
// lexicon does not know are read as nearby concepts). Its HNSW index is a partial index on the
// model's name, so the built-in index is made again for v2, under the same name.
//
// The v1 index is kept, renamed to the name the app gives any other model's index
// (search.repository.ts, vectorIndexName): search keeps reading the v1 vectors until v2 covers
// the members (the nightly regenerate-embeddings job, or `npm run cli -- jobs run
// regenerate-embeddings`), so it stays indexed meanwhile, and the doctor finds it under the
// name it expects. A fresh database has no v1 vectors; its v1 index is empty and costs nothing.
// Meanwhile queries are embedded by v2 (nothing can embed as v1 any more; the app logs that once):
// v2 reads a text exactly as v1 did except for the words v1 did not know (neighbour words,
// misspellings, French and Spanish terms), so the v1 vectors answer as before.
const OLD = 'kindred-builtin-embed-v1';
const NEW = 'kindred-builtin-embed-v2';
const BUILTIN_INDEX = 'profile_embeddings_builtin_hnsw_idx';
const DIMENSIONS = sql.raw('384');

/** search.repository.ts's vectorIndexName, frozen here as a migration must be. */
const otherModelIndex = (model: string) => `profile_embeddings_halfvec_hnsw_${createHash('sha256').update(model).digest('hex').slice(0, 16)}`;

async function createBuiltinIndex(db: Kysely<unknown>, model: string): Promise<void> {
  await sql`
    CREATE INDEX ${sql.id(BUILTIN_INDEX)} ON profile_embeddings
    USING hnsw ((embedding::halfvec(${DIMENSIONS})) halfvec_cosine_ops) WITH (m = 24, ef_construction = 128)
    WHERE model = ${sql.lit(model)}`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`SET LOCAL maintenance_work_mem = '512MB'`.execute(db);
  await sql`DROP INDEX IF EXISTS ${sql.id(otherModelIndex(OLD))}`.execute(db);
  // contract: safe beside 1.0.0 — its searches reach the v1 index through the planner, by the
  // partial index's predicate (model = v1), never by its name; the index itself stays.
  await sql`ALTER INDEX ${sql.id(BUILTIN_INDEX)} RENAME TO ${sql.id(otherModelIndex(OLD))}`.execute(db);
  await createBuiltinIndex(db, NEW);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX ${sql.id(BUILTIN_INDEX)}`.execute(db);
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM pg_class
    WHERE relname = ${otherModelIndex(OLD)} AND relnamespace = current_schema()::regnamespace`.execute(db);
  if ((rows[0]?.n ?? 0) > 0) await sql`ALTER INDEX ${sql.id(otherModelIndex(OLD))} RENAME TO ${sql.id(BUILTIN_INDEX)}`.execute(db);
  else await createBuiltinIndex(db, OLD);
}
