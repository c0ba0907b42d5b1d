import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';

/**
 * Test databases. With TEST_DATABASE_URL set, each test file gets its own database on that
 * server, created from one migrated template (CREATE DATABASE … TEMPLATE is a file copy, far
 * faster than migrating again). Without it, each file gets a copy of one migrated embedded data
 * directory. Either way files run in parallel without seeing each other's rows.
 */

export const TEMPLATE_ENV = 'KINDRED_TEST_TEMPLATE';

export interface TestDatabase {
  /**
   * The settings that point Kindred at this database: DATA_DIR always (a fresh folder, so no
   * test writes into the project's ./data), and DATABASE_URL with an external server.
   */
  env: { DATA_DIR: string; DATABASE_URL?: string };
  drop(): Promise<void>;
}

export function testServerUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function withAdminClient<T>(serverUrl: string, action: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await action(client);
  } finally {
    await client.end();
  }
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function createTestDatabase(): Promise<TestDatabase> {
  const template = process.env[TEMPLATE_ENV];
  if (!template) throw new Error(`${TEMPLATE_ENV} is not set: run the tests through jest (its global setup makes the template)`);
  const serverUrl = testServerUrl();

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kindred-test-'));
  if (serverUrl) return externalDatabase(serverUrl, dataDir, `TEMPLATE ${quoteIdent(template)}`);

  await cp(template, dataDir, { recursive: true });
  return { env: { DATA_DIR: dataDir }, drop: () => rm(dataDir, { recursive: true, force: true }) };
}

/** An empty, unmigrated database (for migration tests). */
export async function createEmptyDatabase(): Promise<TestDatabase> {
  const serverUrl = testServerUrl();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kindred-test-'));
  if (serverUrl) return externalDatabase(serverUrl, dataDir, '');
  return { env: { DATA_DIR: dataDir }, drop: () => rm(dataDir, { recursive: true, force: true }) };
}

async function externalDatabase(serverUrl: string, dataDir: string, createOptions: string): Promise<TestDatabase> {
  const name = `kindred_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (c) => c.query(`CREATE DATABASE ${quoteIdent(name)} ${createOptions}`));
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl(serverUrl, name) },
    drop: async () => {
      await withAdminClient(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
