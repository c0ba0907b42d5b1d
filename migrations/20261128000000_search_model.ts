import { type Kysely, sql } from 'kysely';

// Which embedding model search reads. Vectors are stored per model; when the configured model
// changes, search keeps reading the model whose vectors cover the members until a regeneration
// to the new one has finished (features/embeddings/embedding-models.ts). One row.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('search_model')
    .addColumn('id', 'boolean', (c) => c.primaryKey().defaultTo(true).check(sql`id`))
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('dimensions', 'integer', (c) => c.notNull().check(sql`dimensions > 0`))
    .addColumn('switched_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('search_model').execute();
}
