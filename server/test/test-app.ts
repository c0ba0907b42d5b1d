import type { Express } from 'express';

import { createApp } from '../src/app.js';
import type { AiProvider } from '../src/ai/provider.js';
import type { SpeechToText } from '../src/ai/speech/speech.js';
import type { Clock } from '../src/clock.js';
import { loadConfig } from '../src/config.js';
import { type AppContext, createContext } from '../src/context.js';
import { createLogger } from '../src/logger.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export interface TestApp {
  ctx: AppContext;
  app: Express;
  database: TestDatabase;
  /** This app's DATA_DIR (its mail outbox is in outbox/). */
  dataDir: string;
  close(): Promise<void>;
}

// Generous limits unless a test is about them: every request of a test file comes from one address.
const RELAXED_RATE_LIMITS = Object.fromEntries(
  ['LOGIN_IP', 'LOGIN_ACCOUNT', 'SIGNUP_IP', 'SIGNUP_EMAIL', 'VERIFY_EMAIL', 'FORGOT_IP', 'FORGOT_EMAIL', 'RESET_IP', 'STANDARDIZE_USER', 'CHAT_USER', 'SPEECH_USER', 'UPLOAD_USER', 'SEARCH_USER', 'ANALYSIS_USER', 'MESSAGE_USER', 'REPORT_USER', 'CHECKOUT_USER', 'COMMENT_IP', 'COMMENT_USER', 'CODE_USER', 'CODE_IP', 'TOUCHPOINT_IP'].map((name) => [
    `RATE_LIMIT_${name}`,
    '10000/1h',
  ]),
);

/** A test clock: starts now, moves only when told. */
export class TestClock implements Clock {
  private current = Date.now();
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current += ms;
  }
}

/**
 * A full app on this test file's own database, built by the same createContext as production.
 * With `database`, a second app on a database made before (the caller drops it, not close()).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { webDir?: string; clock?: Clock; ai?: AiProvider; speech?: SpeechToText; database?: TestDatabase } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const dataDir = database.env.DATA_DIR;
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', AI_PROVIDER: 'builtin', ...RELAXED_RATE_LIMITS, SEARCH_FREE_DAILY: '10000', ...database.env, ...env });
  const ctx = await createContext(config, createLogger(config), { migrate: false, clock: options.clock, ai: options.ai, speech: options.speech });
  const app = createApp(ctx, options);
  return {
    ctx,
    app,
    database,
    dataDir,
    close: async () => {
      await ctx.close();
      if (!options.database) await database.drop();
    },
  };
}
