import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';
import pino from 'pino';

import { EmbeddedDatabaseBusyError, embeddedPaths, openEmbedded } from './embedded.js';

// The embedded database runs in every mode of the suite: it is the default for every newcomer.
const logger = pino({ level: 'silent' });
let dataDir: string;
/** One data directory initialised once (PGlite's initdb is most of an open); each test gets a copy. */
let initialised: string;

beforeAll(async () => {
  initialised = await mkdtemp(path.join(os.tmpdir(), 'kindred-embedded-initialised-'));
  await (await openEmbedded(initialised, { maxConnections: 1, logger })).close();
});
afterAll(() => rm(initialised, { recursive: true, force: true }));

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'kindred-embedded-'));
  await cp(initialised, dataDir, { recursive: true });
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

async function selectOne(endpoint: { socketDir: string; port: number }): Promise<number> {
  const client = new pg.Client({ host: endpoint.socketDir, port: endpoint.port, user: 'postgres', database: 'postgres' });
  await client.connect();
  try {
    const { rows } = await client.query<{ one: number }>('SELECT 1 AS one');
    return rows[0]!.one;
  } finally {
    await client.end();
  }
}

it('opens the data directory, records its owner, and cleans up on close', async () => {
  const owner = await openEmbedded(dataDir, { maxConnections: 3, logger });
  const paths = embeddedPaths(dataDir);
  expect(owner.owner).toBe(true);
  expect(await readFile(paths.lockFile, 'utf8')).toBe(String(process.pid));
  expect(await selectOne(owner)).toBe(1);
  await owner.close();
  await expect(readFile(paths.lockFile)).rejects.toMatchObject({ code: 'ENOENT' });
  await expect(readFile(paths.socketFile)).rejects.toMatchObject({ code: 'ENOENT' });
});

it("lets a second user borrow the owner's socket, but refuses a process that must own it", async () => {
  // The lock names a live process other than this one: the owner lives elsewhere.
  const owner = await openEmbedded(dataDir, { maxConnections: 3, logger });
  try {
    await writeFile(embeddedPaths(dataDir).lockFile, String(process.ppid));
    const borrower = await openEmbedded(dataDir, { maxConnections: 3, logger });
    expect(borrower.owner).toBe(false);
    expect(await selectOne(borrower)).toBe(1);
    await borrower.close();
    expect(await selectOne(owner)).toBe(1); // the borrower's close leaves the owner alone

    const started = Date.now();
    await expect(openEmbedded(dataDir, { maxConnections: 3, logger, ownershipWaitMs: 300 })).rejects.toBeInstanceOf(
      EmbeddedDatabaseBusyError,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  } finally {
    await writeFile(embeddedPaths(dataDir).lockFile, String(process.pid));
    await owner.close();
  }
});

it('takes over a lock left by a process that died', async () => {
  await writeFile(embeddedPaths(dataDir).lockFile, '2147483646');
  const owner = await openEmbedded(dataDir, { maxConnections: 3, logger, ownershipWaitMs: 0 });
  try {
    expect(owner.owner).toBe(true);
    expect(await selectOne(owner)).toBe(1);
  } finally {
    await owner.close();
  }
});
