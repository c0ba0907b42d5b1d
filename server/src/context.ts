import type { Kysely } from 'kysely';
import type { Logger } from 'pino';

import type { Config } from './config.js';
import { type Database, openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrator.js';
import type { DB } from './db/schema.js';
import { HealthRepository } from './features/health/health.repository.js';
import { HealthService } from './features/health/health.service.js';

/**
 * The composition root: the one place that builds the app's parts. The server, the CLI and the
 * tests all start from here, so they run the same code.
 */
export interface AppContext {
  config: Config;
  logger: Logger;
  database: Database;
  db: Kysely<DB>;
  services: {
    health: HealthService;
  };
  close(): Promise<void>;
}

export interface ContextOptions {
  /** Apply pending migrations at start. Default: in embedded mode yes, with DATABASE_URL no. */
  migrate?: boolean;
  /**
   * Embedded mode: insist on opening the data directory in this process, waiting this long for
   * another owner to let go (the server). Unset: use a running owner's socket (the CLI, tests).
   */
  embeddedOwnershipWaitMs?: number;
}

export async function createContext(config: Config, logger: Logger, options: ContextOptions = {}): Promise<AppContext> {
  const database = await openDatabase(config, logger, { embeddedOwnershipWaitMs: options.embeddedOwnershipWaitMs });
  try {
    const migrate = options.migrate ?? database.mode === 'embedded';
    if (migrate) {
      const applied = await migrateToLatest(database.db);
      if (applied.length > 0) logger.info({ applied }, 'database migrated');
    }
  } catch (error) {
    await database.close();
    throw error;
  }

  const healthRepository = new HealthRepository(database.db);

  return {
    config,
    logger,
    database,
    db: database.db,
    services: {
      health: new HealthService(healthRepository, database.mode),
    },
    close: () => database.close(),
  };
}
