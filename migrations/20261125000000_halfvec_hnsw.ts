import { type Kysely, sql } from 'kysely';

// The HNSW indexes keep their vectors as halfvec (2-byte floats) instead of vector (4-byte).
// The built-in model's index shrinks from 195 MB to 116 MB at 100,000 profiles, so far more of
// it stays in Postgres's shared buffers: under 8 searching clients a search read about 550 pages
// from outside them instead of far fewer, and it found the same neighbours (recall@20 0.96 at
// ef_search 100, docs/benchmarks.md). Similarities shown to members are still computed from the
// stored full-precision vectors. halfvec indexes also take up to 4,000 dimensions (vector: 2,000).
//
// Other models' indexes are made at start-up by the app under a new name
// (`profile_embeddings_halfvec_hnsw_…`); their old vector indexes are dropped here.
const MODEL = 'kindred-builtin-embed-v1';
const DIMENSIONS = sql.raw('384');

async function dropModelIndexes(db: Kysely<unknown>, prefix: string): Promise<void> {
  const { rows } = await sql<{ name: string }>`
    SELECT c.relname AS name FROM pg_class c
    WHERE c.relkind = 'i' AND c.relnamespace = current_schema()::regnamespace AND starts_with(c.relname, ${prefix})`.execute(db);
  for (const { name } of rows) await sql`DROP INDEX ${sql.id(name)}`.execute(db);
}

/** Builds the built-in model's index again over `type` (halfvec or vector) copies of the vectors. */
async function rebuildBuiltinIndex(db: Kysely<unknown>, type: 'halfvec' | 'vector'): Promise<void> {
  await sql`DROP INDEX profile_embeddings_builtin_hnsw_idx`.execute(db);
  await sql`
    CREATE INDEX profile_embeddings_builtin_hnsw_idx ON profile_embeddings
    USING hnsw ((embedding::${sql.raw(type)}(${DIMENSIONS})) ${sql.raw(`${type}_cosine_ops`)}) WITH (m = 24, ef_construction = 128)
    WHERE model = ${sql.lit(MODEL)}`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // The build is several times faster when the graph fits in memory (about 120 MB per 100,000
  // vectors); this lasts only for the migration's transaction.
  await sql`SET LOCAL maintenance_work_mem = '512MB'`.execute(db);
  await rebuildBuiltinIndex(db, 'halfvec');
  await dropModelIndexes(db, 'profile_embeddings_hnsw_');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rebuildBuiltinIndex(db, 'vector');
  await dropModelIndexes(db, 'profile_embeddings_halfvec_hnsw_');
}
