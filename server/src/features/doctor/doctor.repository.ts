import { type Kysely, sql } from 'kysely';

import type { DB } from '../../db/schema.js';
import { embeddable } from '../embeddings/embeddings.repository.js';

export interface IndexState {
  name: string;
  valid: boolean;
}

/** The repository's methods alone, so tests can hand the checks a fake. */
export type DoctorReads = { [K in keyof DoctorRepository]: DoctorRepository[K] };

/**
 * What `cli doctor` asks the database: reads of the catalogue and counts, nothing else. The
 * doctor's connections also run read-only (doctor.service.ts), so a mistake here cannot write.
 */
export class DoctorRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** "15.10", as the server reports it (a distribution's suffix such as " (Debian …)" dropped). */
  async serverVersion(): Promise<string> {
    const { rows } = await sql<{ version: string }>`SELECT current_setting('server_version') AS version`.execute(this.db);
    return (rows[0]?.version ?? 'unknown').split(' ')[0]!;
  }

  /** Names recorded as applied, or null when the migrations table does not exist (nothing ever applied). */
  async appliedMigrations(): Promise<string[] | null> {
    const { rows } = await sql<{ present: boolean }>`SELECT to_regclass('kysely_migration') IS NOT NULL AS present`.execute(this.db);
    if (!rows[0]?.present) return null;
    const applied = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(this.db);
    return applied.rows.map((row) => row.name);
  }

  async vectorExtensionVersion(): Promise<string | null> {
    const { rows } = await sql<{ version: string }>`SELECT extversion AS version FROM pg_extension WHERE extname = 'vector'`.execute(this.db);
    return rows[0]?.version ?? null;
  }

  /** Every HNSW index on profile_embeddings, with whether Postgres may use it (a failed concurrent build leaves it invalid). */
  async embeddingIndexes(): Promise<IndexState[]> {
    const { rows } = await sql<{ name: string; valid: boolean }>`
      SELECT c.relname AS name, i.indisvalid AS valid
      FROM pg_index i
      JOIN pg_class c ON c.oid = i.indexrelid
      JOIN pg_am am ON am.oid = c.relam
      WHERE i.indrelid = to_regclass('profile_embeddings') AND am.amname = 'hnsw'
      ORDER BY c.relname`.execute(this.db);
    return rows;
  }

  /** The model search reads (`search_model`), or undefined before one was chosen. */
  async searchModel(): Promise<{ model: string; dimensions: number } | undefined> {
    return this.db.selectFrom('search_model').select(['model', 'dimensions']).executeTakeFirst();
  }

  /**
   * Members search can show (account not deleted, profile not hidden) with something to embed,
   * and how many of them have a vector of `model`: the same members the regeneration job embeds.
   */
  async coverage(model: string): Promise<{ profiles: number; withVector: number }> {
    const row = await this.db
      .selectFrom('profiles as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .leftJoin('profile_embeddings as e', (join) => join.onRef('e.profile_id', '=', 'p.id').on('e.model', '=', model))
      .where('u.deleted_at', 'is', null)
      .where('p.hidden_at', 'is', null)
      .where(embeddable)
      .select([sql<number>`count(*)::int`.as('profiles'), sql<number>`count(e.profile_id)::int`.as('withVector')])
      .executeTakeFirstOrThrow();
    return row;
  }

  /** The database server's clock, read as late as possible (clock_timestamp, not the transaction's now()). */
  async now(): Promise<Date> {
    const { rows } = await sql<{ now: Date }>`SELECT clock_timestamp() AS now`.execute(this.db);
    return rows[0]!.now;
  }
}
