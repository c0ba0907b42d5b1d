import { type Kysely, sql } from 'kysely';

// The HNSW index of the built-in model's vectors, rebuilt with a denser graph. With pgvector's
// defaults (m = 16, ef_construction = 64) a search at ef_search 100 found 93.5% of the true 20
// nearest among 100,000 sample profiles; with m = 24 and ef_construction = 128 it finds 95.5%
// for the same query time (docs/benchmarks.md). The build takes about three times as long.
const MODEL = 'kindred-builtin-embed-v1';
const DIMENSIONS = 384;

async function createIndex(db: Kysely<unknown>, options: string): Promise<void> {
  await sql`DROP INDEX profile_embeddings_builtin_hnsw_idx`.execute(db);
  await sql`
    CREATE INDEX profile_embeddings_builtin_hnsw_idx ON profile_embeddings
    USING hnsw ((embedding::vector(${sql.raw(String(DIMENSIONS))})) vector_cosine_ops) ${sql.raw(options)}
    WHERE model = ${sql.lit(MODEL)}`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await createIndex(db, 'WITH (m = 24, ef_construction = 128)');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await createIndex(db, '');
}
