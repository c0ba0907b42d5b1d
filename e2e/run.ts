// Runs the browser tests (`npm run test:e2e [-- FILE ...]`): migrates one embedded data directory
// first, so every test file's server starts from a copy of it instead of running every migration
// again, then runs the files two at a time, the longest first (measured in CI: running two side by
// side on 2 cores takes about half the time of one after another).
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';

import { startServer } from './harness.js';

const e2eDir = import.meta.dirname;
/** The slowest files first, so the last one to finish does not start late. */
const longestFirst = ['accessibility-phone', 'accessibility-desktop', 'search', 'admin-dashboard', 'auth', 'moment-welcome', 'onboarding'];
const concurrency = process.env.E2E_CONCURRENCY ?? '2';

function testFiles(): string[] {
  const requested = process.argv.slice(2);
  if (requested.length > 0) return requested;
  const rank = (file: string) => {
    const i = longestFirst.indexOf(path.basename(file, '.e2e.ts'));
    return i < 0 ? longestFirst.length : i;
  };
  return readdirSync(e2eDir)
    .filter((name) => name.endsWith('.e2e.ts'))
    .map((name) => path.join('e2e', name))
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

async function migratedTemplate(): Promise<string> {
  const server = await startServer();
  await server.stop({ keepDataDir: true });
  return server.dataDir;
}

async function main(): Promise<number> {
  const template = process.env.E2E_BASE_URL ? undefined : await migratedTemplate();
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', `--test-concurrency=${concurrency}`, ...testFiles()], {
      stdio: 'inherit',
      env: { ...process.env, ...(template ? { E2E_TEMPLATE_DIR: template } : {}) },
    });
    return await new Promise<number>((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
  } finally {
    if (template) await rm(template, { recursive: true, force: true });
  }
}

process.exitCode = await main();
