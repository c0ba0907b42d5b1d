import { sql } from 'kysely';

import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/database.js';
import { createLogger } from '../../logger.js';
import { makeProfile } from '../../../test/profiles-factory.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { BUILTIN_INDEX, COVERAGE_HINT } from './database-checks.js';
import { DOCTOR_SESSION } from './doctor-database.js';
import { type DoctorReport, runDoctor } from './doctor.service.js';

// The doctor's SQL on a real, migrated database (PGlite here, Postgres 15 in CI's second pass),
// run while the app holds it as a server would: the embedded database is reached through its socket.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const run = () => runDoctor({ env: { ...t.database.env, AI_PROVIDER: 'builtin' } });
const check = (report: DoctorReport, name: string) => report.checks.find((c) => c.name === name)!;

it('finds a freshly migrated database healthy', async () => {
  const report = await run();
  for (const name of ['database', 'migrations', 'pgvector', 'search-index', 'embedding-coverage', 'clock']) {
    expect(check(report, name)).toMatchObject({ status: 'ok' });
  }
  expect(check(report, 'database').detail).toMatch(/Postgres \d+\.\d+/);
  expect(check(report, 'pgvector').detail).toMatch(/^vector \d+\.\d+/);
  expect(check(report, 'search-index').detail).toContain(`${BUILTIN_INDEX} valid`);
  // The embedded database is one session for every connection: nothing doctor did may stay in it.
  await expect(t.ctx.db.insertInto('users').values({ email: 'after-doctor@example.com', password_hash: 'x' }).execute()).resolves.toBeDefined();
});

it('counts visible profiles without a vector of the search model', async () => {
  await makeProfile(t);
  await makeProfile(t, {}, { embed: false });
  await makeProfile(t, { deleted: true }, { embed: false });
  await makeProfile(t, { hidden_at: new Date() }, { embed: false });
  const coverage = check(await run(), 'embedding-coverage');
  expect(coverage).toMatchObject({ status: 'warn' });
  expect(coverage.detail).toContain('1 of 2 visible member profiles (50 %)');
  expect(coverage.detail).toContain(COVERAGE_HINT);
});

it('reports an invalid search index, an unknown migration and a pending one, and changes none of them', async () => {
  const db = t.ctx.db;
  // Superuser-only catalogue write (the test server's role and PGlite's are): a failed concurrent build looks like this.
  await sql`UPDATE pg_index SET indisvalid = false WHERE indexrelid = ${BUILTIN_INDEX}::regclass`.execute(db);
  await sql`INSERT INTO kysely_migration (name, timestamp) VALUES ('29990101000000_from_the_future', now()::text)`.execute(db);
  try {
    const report = await run();
    expect(check(report, 'search-index')).toMatchObject({ status: 'fail', detail: expect.stringContaining('is invalid') });
    expect(check(report, 'migrations')).toMatchObject({ status: 'warn', detail: expect.stringContaining('29990101000000_from_the_future') });
  } finally {
    await sql`UPDATE pg_index SET indisvalid = true WHERE indexrelid = ${BUILTIN_INDEX}::regclass`.execute(db);
    await sql`DELETE FROM kysely_migration WHERE name = '29990101000000_from_the_future'`.execute(db);
  }

  const last = await sql<{ name: string; timestamp: string }>`SELECT name, timestamp FROM kysely_migration ORDER BY name DESC LIMIT 1`.execute(db);
  const { name, timestamp } = last.rows[0]!;
  await sql`DELETE FROM kysely_migration WHERE name = ${name}`.execute(db);
  try {
    const report = await run();
    expect(check(report, 'migrations').detail).toContain(`1 of`);
    // Doctor reports a pending migration; it never applies it, not even on the embedded database.
    const after = await sql<{ n: number }>`SELECT count(*)::int AS n FROM kysely_migration WHERE name = ${name}`.execute(db);
    expect(after.rows[0]!.n).toBe(0);
  } finally {
    await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${name}, ${timestamp})`.execute(db);
  }
});

// On an external server the doctor's own connections refuse writes: a mistake in its SQL fails
// instead of changing anything. (Not on PGlite, whose one session the running server shares.)
const external = process.env.TEST_DATABASE_URL ? it : it.skip;
external('opens read-only connections on an external server', async () => {
  const config = loadConfig({ LOG_LEVEL: 'silent', ...t.database.env });
  const database = await openDatabase({ ...config, dbPoolMax: 1 }, createLogger(config), { connectionSettings: DOCTOR_SESSION });
  try {
    await expect(database.db.insertInto('users').values({ email: 'doctor-write@example.com', password_hash: 'x' }).execute()).rejects.toThrow(/read-only transaction/);
  } finally {
    await database.close();
  }
});
