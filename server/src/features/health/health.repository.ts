import { type Kysely, sql } from 'kysely';

import type { DB } from '../../db/schema.js';
import { migrationStatus } from '../../db/migrator.js';

export class HealthRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The installed pgvector version, or null when the extension is missing. */
  async vectorExtensionVersion(): Promise<string | null> {
    const { rows } = await sql<{ extversion: string }>`SELECT extversion FROM pg_extension WHERE extname = 'vector'`.execute(this.db);
    return rows[0]?.extversion ?? null;
  }

  async pendingMigrations(): Promise<string[]> {
    const states = await migrationStatus(this.db);
    return states.filter((s) => s.executedAt === null).map((s) => s.name);
  }
}
