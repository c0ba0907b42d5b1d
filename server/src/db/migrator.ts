import { type Kysely, type MigrationResultSet, Migrator, NO_MIGRATIONS, sql } from 'kysely';

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
  // A rollback runs the previous release on the next one's schema (migrations only expand, for
  // one release: docs/upgrading.md): its `migrate` then finds migrations it does not know. Kysely
  // calls that corrupted and stops, which would keep the previous release from starting at all;
  // when they all come after every migration this release knows, and none of those is pending,
  // there is nothing to do.
  const ahead = await newerThanThisRelease(db);
  if (ahead.length > 0) return [];
  return unwrap(await createMigrator(db).migrateToLatest());
}

/**
 * Migrations applied to the database that this release does not know, when they are a later
 * release's (all newer than this release's newest, with this release's all applied); else none.
 */
export async function newerThanThisRelease(db: Kysely<DB>): Promise<string[]> {
  const known = knownMigrationNames();
  let applied: string[];
  try {
    const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db);
    applied = rows.map((row) => row.name);
  } catch {
    return []; // no migration table yet: a new database
  }
  const unknown = applied.filter((name) => !known.includes(name));
  const newest = known.at(-1) ?? '';
  const allKnownApplied = known.every((name) => applied.includes(name));
  return unknown.length > 0 && allKnownApplied && unknown.every((name) => name > newest) ? unknown : [];
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
