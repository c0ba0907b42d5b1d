import { type Kysely, sql } from 'kysely';

// Natural-language search (features/search). Every search is logged in user_searches; the
// detailed analysis of one result is made on request and cached per (viewer, profile, query) in
// search_analyses. Retrieval uses two indexes:
// - an HNSW index over the built-in model's vectors. profile_embeddings.embedding has no fixed
//   length (models differ), so the index is a partial expression index cast to that model's
//   length; queries must use the same cast and `WHERE model = '…'` for the planner to use it.
// - a GIN full-text index over the profile's text. array_to_string is only STABLE, so the
//   document is built by a small IMMUTABLE SQL function (queries must call the same function).
const BUILTIN_EMBEDDING_MODEL = 'kindred-builtin-embed-v1';
const BUILTIN_EMBEDDING_DIMENSIONS = 384;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_searches')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('query', 'text', (c) => c.notNull().check(sql`char_length(query) BETWEEN 1 AND 500`))
    .addColumn('intent', 'text', (c) => c.notNull().check(sql`intent IN ('friend', 'activity_partner', 'partner')`))
    .addColumn('result_count', 'integer', (c) => c.notNull().check(sql`result_count >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX user_searches_user_idx ON user_searches (user_id, created_at DESC)`.execute(db);

  await db.schema
    .createTable('search_analyses')
    .addColumn('viewer_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('profile_id', 'uuid', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('query_hash', 'text', (c) => c.notNull())
    .addColumn('query', 'text', (c) => c.notNull().check(sql`char_length(query) BETWEEN 1 AND 500`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status IN ('pending', 'generating', 'completed', 'failed')`))
    .addColumn('data', 'jsonb')
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('search_analyses_pkey', ['viewer_id', 'profile_id', 'query_hash'])
    .execute();
  await sql`CREATE INDEX search_analyses_profile_idx ON search_analyses (profile_id)`.execute(db);
  await sql`CREATE TRIGGER search_analyses_set_updated_at BEFORE UPDATE ON search_analyses FOR EACH ROW EXECUTE FUNCTION set_updated_at()`.execute(db);

  await sql`
    CREATE INDEX profile_embeddings_builtin_hnsw_idx ON profile_embeddings
    USING hnsw ((embedding::vector(${sql.raw(String(BUILTIN_EMBEDDING_DIMENSIONS))})) vector_cosine_ops)
    WHERE model = ${sql.lit(BUILTIN_EMBEDDING_MODEL)}`.execute(db);

  await sql`
    CREATE FUNCTION kindred_profile_document(name text, bio text, background text, profession text, location text, interests text[])
    RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT
        setweight(to_tsvector('english'::regconfig, coalesce(name, '') || ' ' || coalesce(array_to_string(interests, ' '), '')), 'A') ||
        setweight(to_tsvector('english'::regconfig, coalesce(profession, '') || ' ' || coalesce(location, '')), 'B') ||
        setweight(to_tsvector('english'::regconfig, coalesce(bio, '') || ' ' || coalesce(background, '')), 'C')
    $$`.execute(db);
  await sql`
    CREATE INDEX profiles_search_document_idx ON profiles
    USING gin (kindred_profile_document(name, bio, enhanced_background, profession, location, interests))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX profiles_search_document_idx`.execute(db);
  await sql`DROP FUNCTION kindred_profile_document(text, text, text, text, text, text[])`.execute(db);
  await sql`DROP INDEX profile_embeddings_builtin_hnsw_idx`.execute(db);
  await db.schema.dropTable('search_analyses').execute();
  await db.schema.dropTable('user_searches').execute();
}
