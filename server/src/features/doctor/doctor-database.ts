import { existsSync } from 'node:fs';

import type { Config } from '../../config.js';
import { type DatabaseMode, openDatabase } from '../../db/database.js';
import { embeddedPaths } from '../../db/embedded.js';
import { createLogger } from '../../logger.js';
import { DoctorRepository, type DoctorReads } from './doctor.repository.js';

export interface DoctorDatabase {
  mode: DatabaseMode;
  repository: DoctorReads;
  close(): Promise<void>;
}

/**
 * On an external server every doctor connection is read-only (a write fails rather than happens)
 * and no statement may run longer than this, so a locked table cannot hold the report. Not on the
 * embedded database: PGlite is one Postgres session shared by every socket connection, so these
 * would also make the running server read-only (seen in doctor.database.test.ts).
 */
export const DOCTOR_SESSION = { default_transaction_read_only: 'on', statement_timeout: '8000' };

/**
 * Opens the database as the app does (db/database.ts: DATABASE_URL with its 5 s connect timeout,
 * or the embedded directory, through a running server's socket when one holds it), with one
 * connection, no replica and nothing logged, and never migrates.
 */
export async function openDoctorDatabase(config: Config): Promise<DoctorDatabase> {
  const connectionSettings = config.databaseUrl ? DOCTOR_SESSION : {};
  const database = await openDatabase({ ...config, dbPoolMax: 1, databaseReplicaUrl: undefined }, createLogger({ logLevel: 'silent' }), { connectionSettings });
  return { mode: database.mode, repository: new DoctorRepository(database.db), close: () => database.close() };
}

/**
 * Opening an embedded directory that holds no database would create one (initdb): that is the
 * first start's job, and doctor writes nothing, so it only looks.
 */
export function embeddedDatabaseExists(dataDir: string): boolean {
  return existsSync(embeddedPaths(dataDir).pgdata);
}

/** Where the database is, for messages: the URL without its password, or the embedded folder. */
export function describeDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string {
  if (!config.databaseUrl) return `the embedded database in ${embeddedPaths(config.dataDir).pgdata}`;
  try {
    const url = new URL(config.databaseUrl);
    url.password = url.password ? '***' : '';
    return url.toString();
  } catch {
    return 'DATABASE_URL';
  }
}
