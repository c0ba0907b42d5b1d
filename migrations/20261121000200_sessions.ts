import { type Kysely, sql } from 'kysely';

// The session store of connect-pg-simple (its own schema, under our table name). Sessions live in
// Postgres so several app replicas share them and sign-out can end them on every device.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sessions')
    .addColumn('sid', 'varchar', (c) => c.primaryKey())
    .addColumn('sess', 'json', (c) => c.notNull())
    .addColumn('expire', sql`timestamp(6)`, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_expire_idx').on('sessions').column('expire').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sessions').execute();
}
