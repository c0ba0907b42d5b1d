import { type Kysely, type MigrationResultSet, Migrator, NO_MIGRATIONS } from 'kysely';

import type { DB } from './schema.js';
import { migrations } from '../../../migrations/index.js';

export interface MigrationState {
  name: string;
  executedAt: Date | null;
}

export function createMigrator(db: Kysely<DB>): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'kysely_migration',
    migrationLockTableName: 'kysely_migration_lock',
  });
}

function unwrap(result: MigrationResultSet): string[] {
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    const reason = result.error instanceof Error ? result.error.message : String(result.error);
    throw new Error(failed ? `Migration ${failed.migrationName} failed: ${reason}` : `Migrations failed: ${reason}`, {
      cause: result.error,
    });
  }
  return (result.results ?? []).map((r) => r.migrationName);
}

/** Applies every pending migration; returns the names applied. */
export async function migrateToLatest(db: Kysely<DB>): Promise<string[]> {
  return unwrap(await createMigrator(db).migrateToLatest());
}

/**
 * Migrates up (or down) to exactly the named migration; returns the names applied or reverted.
 * The upgrade test uses it to build a database at a previous release's schema.
 */
export async function migrateTo(db: Kysely<DB>, name: string): Promise<string[]> {
  return unwrap(await createMigrator(db).migrateTo(name));
}

/** Reverts the most recent migration; returns its name (empty when none was applied). */
export async function migrateDown(db: Kysely<DB>): Promise<string[]> {
  return unwrap(await createMigrator(db).migrateDown());
}

/** Reverts every applied migration, newest first, each through its down(); returns the names reverted. */
export async function migrateAllDown(db: Kysely<DB>): Promise<string[]> {
  return unwrap(await createMigrator(db).migrateTo(NO_MIGRATIONS));
}

/** The migrations this release knows, oldest first. */
export function knownMigrationNames(): string[] {
  return Object.keys(migrations).sort();
}

export async function migrationStatus(db: Kysely<DB>): Promise<MigrationState[]> {
  const infos = await createMigrator(db).getMigrations();
  return infos.map((info) => ({ name: info.name, executedAt: info.executedAt ?? null }));
}
