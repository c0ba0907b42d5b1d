import type { Express } from 'express';

import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type AppContext, createContext } from '../src/context.js';
import { createLogger } from '../src/logger.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export interface TestApp {
  ctx: AppContext;
  app: Express;
  database: TestDatabase;
  close(): Promise<void>;
}

/** A full app on this test file's own database, built by the same createContext as production. */
export async function createTestApp(env: Record<string, string> = {}, options: { webDir?: string } = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...database.env, ...env });
  const ctx = await createContext(config, createLogger(config), { migrate: false });
  const app = createApp(ctx, options);
  return {
    ctx,
    app,
    database,
    close: async () => {
      await ctx.close();
      await database.drop();
    },
  };
}
