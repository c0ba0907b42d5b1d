import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { spawnTs } from '../../server/test/processes.js';
import { createTestDatabase, type TestDatabase } from '../../server/test/test-database.js';
import { CHECK_NAMES, type DoctorReport } from '../../server/src/features/doctor/doctor.service.js';

// `cli doctor` as an operator runs it: its own process, only the settings given here.
const SLOW_MS = 120_000;

const doctor = (args: string[], env: Record<string, string>) => spawnTs('cli/src/index.ts', ['doctor', ...args], env);
const reportOf = (output: string): DoctorReport => JSON.parse(output.trim().split('\n').at(-1)!) as DoctorReport;

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'kindred-doctor-cli-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

it('passes on the embedded default with nothing set, lists every check, and creates no database', async () => {
  const run = doctor(['--json'], { DATA_DIR: dataDir });
  expect(await run.exited).toBe(0);
  const report = reportOf(run.output());
  expect(report.ok).toBe(true);
  expect(report.checks.map((check) => check.name)).toEqual([...CHECK_NAMES]);
  expect(existsSync(path.join(dataDir, 'pgdata'))).toBe(false);
}, SLOW_MS);

it('fails quickly, on the database check, when DATABASE_URL points nowhere', async () => {
  const started = Date.now();
  const run = doctor(['--json'], { DATA_DIR: dataDir, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/x' });
  expect(await run.exited).toBe(1);
  expect(Date.now() - started).toBeLessThan(30_000);
  const report = reportOf(run.output());
  expect(report.ok).toBe(false);
  expect(report.checks.filter((check) => check.status === 'fail').map((check) => check.name)).toEqual(['database']);
  expect(run.output()).not.toMatch(/\n\s+at /); // a report, not a stack trace
}, SLOW_MS);

it('prints one line per check on a migrated database, and exits 1 on a bad setting', async () => {
  let database: TestDatabase | undefined;
  try {
    database = await createTestDatabase();
    const run = doctor([], { ...database.env, AI_PROVIDER: 'builtin' });
    expect(await run.exited).toBe(0);
    const lines = run.output().trim().split('\n');
    expect(lines).toHaveLength(CHECK_NAMES.length);
    expect(lines[1]).toMatch(/^ok {4}database {12}(reachable|embedded \(PGlite\)), Postgres \d+/);
    expect(lines[2]).toMatch(/^ok {4}migrations {10}all \d+ applied/);
    expect(lines.find((line) => line.includes(' s3 '))).toMatch(/^skip {2}s3 +not configured \(uploads on local disk\)$/);
  } finally {
    await database?.drop();
  }

  const bad = doctor([], { DATA_DIR: dataDir, PORT: 'eighty' });
  expect(await bad.exited).toBe(1);
  expect(bad.output()).toMatch(/^FAIL {2}configuration +PORT: /m);
}, SLOW_MS);
