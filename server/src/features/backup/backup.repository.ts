import { type Kysely, sql } from 'kysely';

import type { DB } from '../../db/schema.js';

/** What a backup records about the database it dumped, and what a restore checks first. */
export class BackupRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async tableCount(): Promise<number> {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'`.execute(this.db);
    return rows[0]?.n ?? 0;
  }

  /** The last migration applied, or null on a database never migrated. */
  async latestMigration(): Promise<string | null> {
    const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1`.execute(this.db);
    return rows[0]?.name ?? null;
  }

  /** Row counts a person restoring can compare with what they expect. */
  async counts(): Promise<Record<string, number>> {
    const { rows } = await sql<{ users: number; profiles: number; messages: number; moments: number }>`
      SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM profiles) AS profiles,
             (SELECT count(*)::int FROM messages) AS messages, (SELECT count(*)::int FROM user_moments) AS moments`.execute(this.db);
    return { ...rows[0]! };
  }

  /** pgvector in the target before the dump's tables that use it (a superuser or the image's init script may already have made it). */
  async ensureVectorExtension(): Promise<void> {
    await sql`CREATE EXTENSION IF NOT EXISTS vector`.execute(this.db);
  }
}
