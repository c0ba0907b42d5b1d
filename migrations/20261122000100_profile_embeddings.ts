import { type Kysely, sql } from 'kysely';

// The spec's profiles.profile_embedding, kept beside the profile: one vector per (profile, model),
// so vectors of different models are never compared and a model change is a regeneration job.
// content_hash says what text the vector was made from: unchanged text is not embedded again.
// The column has no fixed length (models differ); search indexes it per model with a partial
// expression index of that model's length (added with search).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('profile_embeddings')
    .addColumn('profile_id', 'uuid', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('dimensions', 'integer', (c) => c.notNull().check(sql`dimensions > 0`))
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('embedding', sql`vector`, (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('profile_embeddings_pkey', ['profile_id', 'model'])
    .addCheckConstraint('profile_embeddings_dimensions_match', sql`vector_dims(embedding) = dimensions`)
    .execute();
  await sql`CREATE TRIGGER profile_embeddings_set_updated_at BEFORE UPDATE ON profile_embeddings FOR EACH ROW EXECUTE FUNCTION set_updated_at()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('profile_embeddings').execute();
}
