// Browser + server lifecycle for the end-to-end tests.
//
// startServer() runs the built server (dist/server/src/main.js) on a free port with a fresh data
// directory — a copy of the migrated one that e2e/run.ts makes once per run (E2E_TEMPLATE_DIR),
// else an empty one — or, when E2E_BASE_URL is set, uses an already running server (e.g. `vite
// preview`); E2E_DATA_DIR then names that server's data directory, for tests that read its outbox.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';

import { chromium } from 'playwright-core';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';

import { waitForSettled } from './axe.js';
import { trackRequests } from './network-quiet.js';

const repoRoot = path.resolve(import.meta.dirname, '..');
const serverEntry = path.join(repoRoot, 'dist', 'server', 'src', 'main.js');
const readyTimeoutMs = 60_000;
const stopTimeoutMs = 10_000;

export interface RunningServer {
  url: string;
  /** The server's DATA_DIR. Without SMTP, the server writes each mail to `${dataDir}/outbox/*.eml`. */
  dataDir: string;
  /** SIGTERM and wait; the data directory is removed unless `keepDataDir` (e2e/run.ts keeps the migrated template). */
  stop(options?: { keepDataDir?: boolean }): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => {
        if (port) resolve(port);
        else reject(new Error('could not determine a free port'));
      });
    });
  });
}

async function isReady(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) });
    await response.body?.cancel();
    return response.status === 200;
  } catch {
    return false;
  }
}

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

/** `port`: listen there (a test that registers the server's address elsewhere first, like the campus sign-in). */
export async function startServer(options: { port?: number } = {}): Promise<RunningServer> {
  const external = process.env.E2E_BASE_URL;
  if (external) {
    return { url: external.replace(/\/+$/, ''), dataDir: process.env.E2E_DATA_DIR ?? '', stop: () => Promise.resolve() };
  }

  const port = options.port ?? (await freePort());
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kindred-e2e-'));
  const template = process.env.E2E_TEMPLATE_DIR;
  if (template) {
    // Already initialized and migrated: the server starts warm instead of running every migration again.
    await cp(template, dataDir, { recursive: true });
    await rm(path.join(dataDir, 'embedded.pid'), { force: true });
  }
  const url = `http://127.0.0.1:${String(port)}`;
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    // PUBLIC_URL is where the browser is: links and redirects back from elsewhere (Stripe's checkout) land on the same origin as its cookie.
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', PUBLIC_URL: url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  // Keep the tail of the server's output for error messages; draining the pipes also keeps it from blocking.
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-8_000);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);

  const state: { exited: boolean; code: number | null; signal: NodeJS.Signals | null; spawnError?: Error } = {
    exited: false,
    code: null,
    signal: null,
  };
  const exitPromise = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      Object.assign(state, { exited: true, code, signal });
      resolve();
    });
  });
  child.once('error', (error) => {
    state.spawnError = error;
  });

  const removeDataDir = () => rm(dataDir, { recursive: true, force: true });

  // Waits up to `ms` for the process to exit; true when it did.
  const waitForExit = async (ms: number): Promise<boolean> => {
    if (state.exited) return true;
    let timer: NodeJS.Timeout | undefined;
    const exitedInTime = await Promise.race([
      exitPromise.then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => {
          resolve(false);
        }, ms);
      }),
    ]);
    clearTimeout(timer);
    return exitedInTime;
  };

  const kill = async () => {
    if (!state.exited && !state.spawnError) {
      child.kill('SIGKILL');
      await waitForExit(stopTimeoutMs);
    }
    await removeDataDir();
  };

  try {
    const deadline = Date.now() + readyTimeoutMs;
    for (;;) {
      if (state.spawnError) throw new Error(`could not start the server: ${state.spawnError.message}`);
      if (state.exited) {
        throw new Error(
          `server exited before it was ready (code ${String(state.code)}, signal ${String(state.signal)}):\n${output}`,
        );
      }
      if (await isReady(url)) break;
      if (Date.now() > deadline) {
        throw new Error(`server was not ready within ${String(readyTimeoutMs / 1000)} s:\n${output}`);
      }
      await sleep(250);
    }
  } catch (error) {
    await kill();
    throw error;
  }

  return {
    url,
    dataDir,
    async stop(options = {}) {
      if (!state.exited) {
        child.kill('SIGTERM');
        if (!(await waitForExit(stopTimeoutMs))) {
          await kill();
          throw new Error(`server did not exit within ${String(stopTimeoutMs / 1000)} s of SIGTERM:\n${output}`);
        }
      }
      if (!options.keepDataDir) await removeDataDir();
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface WatchedPage {
  page: Page;
  // Console errors and uncaught exceptions seen so far, as text.
  errors: string[];
  close: () => Promise<void>;
}

// A page in a fresh context that records console errors and uncaught page errors.
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<WatchedPage> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  trackRequests(page);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => {
    errors.push(`pageerror: ${error.message}`);
  });
  return { page, errors, close: () => context.close() };
}

// Full-page screenshots for a person to look at; only taken when E2E_SCREENSHOT_DIR is set
// (point it outside the repository, e.g. /tmp/shots), once entrance animations have finished.
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (!dir) return;
  await waitForSettled(page);
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** What a browser test gets: the running server (and its URL) and the browser. */
export interface E2eEnv {
  server: RunningServer;
  url: string;
  browser: Browser;
}

/**
 * Starts the server and a browser before the tests of the enclosing describe and stops both
 * after them; call the returned function in a test (or a later `before`) to get them.
 * `needsDataDir`: the tests read the server's data directory (mailed codes, uploads).
 */
export function useServerAndBrowser(options: { needsDataDir?: boolean } = {}): () => E2eEnv {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  before(async () => {
    server = await startServer();
    if (options.needsDataDir) assert.ok(server.dataDir, 'the data directory is known (set E2E_DATA_DIR with E2E_BASE_URL)');
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });
  return () => {
    assert.ok(server && browser, 'server and browser are running');
    return { server, url: server.url, browser };
  };
}
