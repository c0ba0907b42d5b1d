import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { loadConfig } from '../../server/src/config.js';
import { type AppContext, createContext } from '../../server/src/context.js';
import { createLogger } from '../../server/src/logger.js';
import { spawnTs, waitFor } from '../../server/test/processes.js';
import { createEmptyDatabase, type TestDatabase } from '../../server/test/test-database.js';

// Each of these runs the CLI as its own process several times; on an embedded database each one
// opens PGlite (about 3 s). With the other test worker busy that passed 60 s.
const SLOW_MS = 150_000;

const cli = (args: string[], env: Record<string, string>) => spawnTs('cli/src/index.ts', args, env);

let database: TestDatabase;
beforeAll(async () => {
  database = await createEmptyDatabase();
});
afterAll(() => database.drop());

it('prints help for every command', async () => {
  for (const args of [['--help'], ['migrate', '--help'], ['migrate', 'up', '--help']]) {
    const run = cli(args, {});
    expect(await run.exited).toBe(0);
    expect(run.output()).toMatch(/^Usage: kindred/);
  }
});

it('fails with a message on an unknown command', async () => {
  const run = cli(['nonsense'], {});
  expect(await run.exited).toBe(2);
  expect(run.output()).toMatch(/unknown command 'nonsense'/);
});

it('migrates up, reports status, migrates down one and then all', async () => {
  const up = cli(['migrate', 'up'], database.env);
  expect(await up.exited).toBe(0);
  expect(up.output()).toMatch(/applied {2}20261121000000_vector_extension/);

  const status = cli(['migrate', 'status'], database.env);
  expect(await status.exited).toBe(0);
  expect(status.output()).not.toMatch(/pending/);

  const down = cli(['migrate', 'down'], database.env);
  expect(await down.exited).toBe(0);
  expect(down.output()).toMatch(/reverted \d{14}_/);

  const after = cli(['migrate', 'status'], database.env);
  expect(await after.exited).toBe(1); // a migration is pending
  expect(after.output().match(/pending/g)).toHaveLength(1);

  // All the way down in one command (every down(), newest first), then up again.
  const all = cli(['migrate', 'down', '--all'], database.env);
  expect(await all.exited).toBe(0);
  expect(all.output()).toMatch(/reverted 20261121000000_vector_extension/);
  const none = cli(['migrate', 'status'], database.env);
  expect(await none.exited).toBe(1);
  expect(none.output()).not.toMatch(/applied/);
  expect(await cli(['migrate', 'up'], database.env).exited).toBe(0);
}, SLOW_MS);

it('prints its version; bad usage exits 2', async () => {
  const version = cli(['--version'], {});
  expect(await version.exited).toBe(0);
  expect(version.output().trim()).toMatch(/^kindred \d+\.\d+\.\d+ \(([0-9a-f]{7}|unknown)\)$/);
  const missing = cli(['users', 'grant-admin'], {});
  expect(await missing.exited).toBe(2);
  expect(missing.output()).toMatch(/missing required argument 'email'/);
});

/** The command's JSON answer: the last line that is JSON and not a log record. */
function jsonAnswer(output: string): unknown {
  for (const line of output.trim().split('\n').reverse()) {
    try {
      const value: unknown = JSON.parse(line);
      if (typeof value === 'object' && value !== null && !('level' in value)) return value;
    } catch {
      // not JSON: a progress or log line
    }
  }
  throw new Error(`no JSON answer in:\n${output}`);
}

// Embedded only: while another process holds the data directory, the CLI goes through its socket.
const embedded = process.env.TEST_DATABASE_URL ? it.skip : it;

// The commands below run while this process holds the database, as they do beside a running
// server: on the embedded database each CLI process then goes through the owner's socket instead
// of opening PGlite itself (about a third of the time). Opening it directly is what the migration
// test above, the never-started directory below and cli/src/doctor.test.ts do.
describe('beside a running app', () => {
  let ctx: AppContext;
  beforeAll(async () => {
    const config = loadConfig({ LOG_LEVEL: 'silent', ...database.env });
    ctx = await createContext(config, createLogger(config), { migrate: true });
  });
  afterAll(() => ctx.close());

  embedded('works through the socket of a running embedded database', async () => {
    const status = cli(['migrate', 'status'], database.env);
    expect(await status.exited).toBe(0);
    expect(status.output()).toMatch(/applied {2}20261121000300_profiles/);
    expect(status.output()).not.toMatch(/pending/);
  });

  it('grants the admin role to an existing account, and refuses an unknown one', async () => {
    await ctx.db.insertInto('users').values({ email: 'boss@example.com', password_hash: 'x' }).execute();
    const run = cli(['users', 'grant-admin', 'Boss@Example.com'], { ...database.env, ADMIN_EMAIL: 'boss@example.com' });
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain('granted admin to boss@example.com');
    expect(run.output()).not.toContain('note:');

    const unknown = cli(['users', 'grant-admin', 'nobody@example.com'], database.env);
    expect(await unknown.exited).toBe(2);
    expect(unknown.output()).toContain('No active account with the e-mail nobody@example.com');
  });

  it('purges deleted accounts older than 90 days, with --dry-run and --json', async () => {
    const { id: userId } = await ctx.db
      .insertInto('users')
      .values({ email: 'old-leaver@example.com', password_hash: 'x', email_confirmed_at: new Date(), deleted_at: new Date(Date.now() - 91 * 86_400_000) })
      .returning('id')
      .executeTakeFirstOrThrow();

    const dry = cli(['accounts', 'purge', '--dry-run', '--json'], database.env);
    expect(await dry.exited).toBe(0);
    const report = JSON.parse(dry.output().trim().split('\n').at(-1)!);
    expect(report).toMatchObject({ dryRun: true, accounts: [{ userId, files: 0 }], files: 0 });

    const run = cli(['accounts', 'purge'], database.env);
    expect(await run.exited).toBe(0);
    expect(run.output()).toMatch(/1 account deleted on or before .* purged, 0 files/);

    const again = cli(['accounts', 'purge', '--json'], database.env);
    expect(await again.exited).toBe(0);
    expect(JSON.parse(again.output().trim().split('\n').at(-1)!)).toMatchObject({ dryRun: false, accounts: [] });
  });


  it('lists and runs jobs: --json, exit 2 on an unknown job', async () => {
    const list = cli(['jobs', 'list', '--json'], database.env);
    expect(await list.exited).toBe(0);
    expect(jsonAnswer(list.output())).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'purge-deleted' })]));

    const unknown = cli(['jobs', 'run', 'no-such-job'], database.env);
    expect(await unknown.exited).toBe(2);
    expect(unknown.output()).toMatch(/There is no job called no-such-job\./);
    expect(unknown.output()).not.toMatch(/\n\s+at /); // one line, no stack trace

    const run = cli(['jobs', 'run', 'purge-deleted', '--dry-run', '--json'], database.env);
    expect(await run.exited).toBe(0);
    const report = jsonAnswer(run.output()) as { run: { id: string } };
    expect(report.run).toMatchObject({ name: 'purge-deleted', dryRun: true, state: 'completed' });

    const status = cli(['jobs', 'status', report.run.id], database.env);
    expect(await status.exited).toBe(0);
    expect(status.output()).toMatch(/purge-deleted \(dry run\) completed/);
  });

  it('runs the nightly set once with cron --once; --force and --batch-size reach the run', async () => {
    const once = cli(['cron', '--once', '--json'], database.env);
    expect(await once.exited).toBe(0);
    const lines = once
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { job: string; run?: { state: string } });
    expect(lines.map((line) => line.job)).toEqual(['purge-deleted', 'standardize-profiles', 'enhance-profiles', 'regenerate-embeddings']);
    expect(lines.every((line) => line.run?.state === 'completed')).toBe(true);

    const forced = cli(['jobs', 'run', 'enhance-profiles', '--force', '--batch-size', '5', '--json'], database.env);
    expect(await forced.exited).toBe(0);
    expect((jsonAnswer(forced.output()) as { run: unknown }).run).toMatchObject({ name: 'enhance-profiles', state: 'completed', options: { force: true, batchSize: 5 } });

    const bad = cli(['jobs', 'run', 'enhance-profiles', '--batch-size', '0'], database.env);
    expect(await bad.exited).toBe(2);
    expect(bad.output()).toMatch(/a whole number from 1 to 1000/);
  });

  it('manages accounts: list, grant-admin (real accounts only), revoke-admin, delete', async () => {
    for (const [email, sample] of [['ops-cli@example.com', false], ['sample-cli@example.com', true]] as const) {
      const user = await ctx.db.insertInto('users').values({ email, password_hash: 'x', email_confirmed_at: new Date() }).returning('id').executeTakeFirstOrThrow();
      await ctx.db.insertInto('profiles').values({ user_id: user.id, name: email.split('@')[0]!, is_sample: sample }).execute();
    }

    const list = cli(['users', 'list', '--search', 'OPS-CLI', '--json'], database.env);
    expect(await list.exited).toBe(0);
    expect(jsonAnswer(list.output())).toEqual([expect.objectContaining({ email: 'ops-cli@example.com', name: 'ops-cli', isAdminRole: false })]);

    const grant = cli(['users', 'grant-admin', 'ops-cli@example.com'], database.env);
    expect(await grant.exited).toBe(0);
    expect(grant.output()).toMatch(/granted admin to ops-cli@example.com/);
    for (const [args, message] of [
      [['users', 'grant-admin', 'sample-cli@example.com'], /is a sample member/],
      [['users', 'grant-admin', 'not an address'], /is not an e-mail address/],
      [['users', 'grant-admin', 'nobody@example.com'], /No active account with the e-mail nobody@example.com/],
    ] as const) {
      const run = cli([...args], database.env);
      expect(await run.exited).toBe(2);
      expect(run.output()).toMatch(message);
    }
    const revoke = cli(['users', 'revoke-admin', 'ops-cli@example.com'], database.env);
    expect(await revoke.exited).toBe(0);
    expect(revoke.output()).toMatch(/revoked admin from ops-cli@example.com/);

    const remove = cli(['users', 'delete', 'ops-cli@example.com'], database.env);
    expect(await remove.exited).toBe(0);
    expect(remove.output()).toMatch(/deleted ops-cli@example.com .* purged after \d{4}-\d{2}-\d{2}/);
    const after = cli(['users', 'list', '--search', 'ops-cli', '--json'], database.env);
    expect(await after.exited).toBe(0);
    expect(jsonAnswer(after.output())).toEqual([]);
  }, SLOW_MS);
});

// A data directory nobody has started yet: the CLI migrates it first, as the server would.
embedded('works on an embedded data directory that was never started', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kindred-cli-fresh-'));
  try {
    const run = cli(['users', 'list', '--json'], { DATA_DIR: dataDir });
    expect(await run.exited).toBe(0);
    expect(jsonAnswer(run.output())).toEqual([]);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

it('runs the weekly introductions on a seeded community: jobs run weekly-introductions --json', async () => {
  // A sample community made real: 24 members who opted in, with the demo's profiles and vectors.
  const config = loadConfig({ LOG_LEVEL: 'silent', ...database.env });
  const ctx = await createContext(config, createLogger(config), { migrate: true });
  try {
    await ctx.services.demo.seed(24, { seed: 'weekly-cli' });
    await ctx.db.updateTable('profiles').set({ is_sample: false, weekly_introductions: true }).where('is_sample', '=', true).execute();
  } finally {
    await ctx.close();
  }

  const run = cli(['jobs', 'run', 'weekly-introductions', '--json'], database.env);
  expect(await run.exited).toBe(0);
  const report = jsonAnswer(run.output()) as { run: { state: string }; items: { status: string; result: { membersIn: number; pairsMade: number; skipped: Record<string, number>; alreadyRan: boolean } }[] };
  expect(report.run).toMatchObject({ name: 'weekly-introductions', state: 'completed' });
  const [item] = report.items;
  expect(item).toMatchObject({ status: 'succeeded', result: { membersIn: expect.any(Number), pairsMade: expect.any(Number), alreadyRan: false } });
  expect(item!.result.membersIn).toBeGreaterThan(10);
  expect(item!.result.pairsMade).toBeGreaterThan(0);

  // What it wrote: nobody proposed more than three people; a second run of the week (in process) adds nothing.
  const again = await createContext(config, createLogger(config), { migrate: false });
  try {
    const perMember = await again.db
      .selectFrom((eb) => eb.selectFrom('weekly_introductions').select('user_a as id').unionAll(eb.selectFrom('weekly_introductions').select('user_b as id')).as('sides'))
      .select(['id', again.db.fn.countAll<number>().as('n')])
      .groupBy('id')
      .execute();
    expect(Math.max(...perMember.map((row) => Number(row.n)))).toBeLessThanOrEqual(3);
    const second = await again.jobs.run('weekly-introductions');
    expect((await again.jobs.items(second.id))[0]).toMatchObject({ status: 'skipped', result: { alreadyRan: true, pairsMade: 0 } });
    expect(await again.db.selectFrom('weekly_introductions').select('id').execute()).toHaveLength(item!.result.pairsMade);
  } finally {
    await again.close();
  }

  // cron schedules it beside the nightly set, at CRON_WEEKLY_INTRODUCTIONS in CRON_TIMEZONE, and stops on SIGTERM.
  const cron = cli(['cron'], { ...database.env, CRON_TIMEZONE: 'UTC', CRON_WEEKLY_INTRODUCTIONS: '15 8 * * 2' });
  await waitFor(async () => /cron: weekly introductions "15 8 \* \* 2"; next \d{4}-\d{2}-\d{2}T08:15:00\.000Z/.test(cron.output()), 60_000);
  cron.child.kill('SIGTERM');
  expect(await cron.exited).toBe(0);
}, SLOW_MS);
