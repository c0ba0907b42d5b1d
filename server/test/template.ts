import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { loadConfig } from '../src/config.js';
import { createContext } from '../src/context.js';
import { createLogger } from '../src/logger.js';
import { databaseUrl, TEMPLATE_ENV, testServerUrl, withAdminClient } from './test-database.js';

/** Migrates one template database that every test file clones (see test-database.ts). */
export async function createTemplate(): Promise<void> {
  const serverUrl = testServerUrl();
  let env: Record<string, string>;
  let template: string;
  if (serverUrl) {
    template = `kindred_template_${process.pid}`;
    await withAdminClient(serverUrl, async (c) => {
      await c.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
      await c.query(`CREATE DATABASE "${template}"`);
    });
    // A throwaway DATA_DIR, so nothing is written into the project's ./data.
    env = { DATABASE_URL: databaseUrl(serverUrl, template), DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'kindred-template-data-')) };
  } else {
    template = await mkdtemp(path.join(os.tmpdir(), 'kindred-template-'));
    env = { DATA_DIR: template };
  }
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
  const ctx = await createContext(config, createLogger(config), { migrate: true });
  await ctx.close();
  if (serverUrl) await rm(env.DATA_DIR!, { recursive: true, force: true });
  process.env[TEMPLATE_ENV] = template;
}

export async function dropTemplate(): Promise<void> {
  const template = process.env[TEMPLATE_ENV];
  if (!template) return;
  const serverUrl = testServerUrl();
  if (serverUrl) await withAdminClient(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`));
  else await rm(template, { recursive: true, force: true });
}
