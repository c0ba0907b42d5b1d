import { existsSync } from 'node:fs';
import path from 'node:path';

import { ConfigError, loadConfig } from '../../server/src/config.js';
import { describeDisabled } from '../../server/src/config-features.js';
import { type AppContext, createContext } from '../../server/src/context.js';
import { createLogger } from '../../server/src/logger.js';
import { projectRoot } from '../../server/src/paths.js';

/** Settings from the project's `.env`, as the server reads them; the environment's own win. */
export function loadDotEnv(): void {
  const envFile = path.join(projectRoot, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
}

/**
 * Runs one CLI command inside the same context the server builds. In embedded mode this
 * connects through the running server's socket, or opens the data directory when no server runs,
 * and applies pending migrations first as the server does at start (a data directory that was
 * never started works at once). Against DATABASE_URL migrations are never applied implicitly:
 * `migrate` is the command for that, and the `migrate` commands ask for no migration here.
 */
export async function runWithContext(action: (ctx: AppContext) => Promise<void>, options: { migrate?: boolean; logLevel?: string } = {}): Promise<void> {
  loadDotEnv();
  let config;
  try {
    config = loadConfig({ LOG_LEVEL: options.logLevel ?? 'warn', ...process.env });
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exitCode = 1;
      return;
    }
    throw error;
  }
  const logger = createLogger(config);
  // As the server does: an invalid optional setting turned its feature off; the migration and the
  // cron go on, and say so.
  for (const feature of config.disabledFeatures) logger.error({ issues: feature.issues }, describeDisabled(feature));
  const ctx = await createContext(config, logger, { migrate: options.migrate });
  try {
    await action(ctx);
  } finally {
    await ctx.close();
  }
}
