import { createHash } from 'node:crypto';

import { type Kysely, sql } from 'kysely';

// The built-in embedding model became kindred-builtin-embed-v4: its lexicon reads « la salle » as
// the gym (a classroom, a cinema, a concert hall are not-terms), « faire des gâteaux » as baking,
// and no longer reads a bare "style" ("pomodoro style") as fashion. Stored v3 vectors of such texts
// are stale, so the model has a new name and its own index.
//
// The same steps as 20261206000000_builtin_embed_v3: the built-in HNSW index is a partial index
// on the model's name, so it is made again for v4 under the same name, and the v3 index is kept,
// renamed to the name the app gives any other model's index (search.repository.ts,
// vectorIndexName): search keeps reading the v3 vectors until v4 covers the members (the nightly
// regenerate-embeddings job, or `npm run cli -- jobs run regenerate-embeddings`). Meanwhile
// queries are embedded by v4, which reads every text as v3 did except for those few words, so
// the v3 vectors answer as before. The older indexes the earlier migrations kept stay.
const OLD = 'kindred-builtin-embed-v3';
const NEW = 'kindred-builtin-embed-v4';
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
  // contract: safe beside 1.3.0 — its searches reach the v3 index through the planner, by the
  // partial index's predicate (model = v3), never by its name; the index itself stays.
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
