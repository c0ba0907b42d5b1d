import pg from 'pg';

import { spawnTs, waitFor } from '../../server/test/processes.js';
import { createTestDatabase, testServerUrl, type TestDatabase } from '../../server/test/test-database.js';

// A job run whose process is killed with SIGKILL midway, then run again: the run row survives,
// a second start is refused while the dead run still looks alive, and once its heartbeat is stale
// the next start finishes that same run with one result per profile. On real Postgres only: an
// embedded database is owned by one process, and killing that process is the database's failure,
// not the job's.
const onRealPostgres = testServerUrl() ? describe : describe.skip;

const cli = (args: string[], env: Record<string, string>) => spawnTs('cli/src/index.ts', args, env);

onRealPostgres('a job killed with SIGKILL and run again', () => {
  let database: TestDatabase;
  let client: pg.Client;
  beforeAll(async () => {
    database = await createTestDatabase(); // migrated (the template); the CLI's migrate is cli.test.ts's
    expect(await cli(['seed', '--demo', '30'], database.env).exited).toBe(0);
    client = new pg.Client({ connectionString: database.env.DATABASE_URL });
    await client.connect();
  }, 120_000);
  afterAll(async () => {
    await client.end();
    await database.drop();
  });

  const running = async () =>
    (await client.query<{ id: string; processed: number; total: number }>("SELECT id, processed, total FROM job_runs WHERE name = 'enhance-profiles' AND state = 'running'")).rows[0];

  it('survives, refuses a second start while it looks alive, and is finished by the next run without doing anything twice', async () => {
    // One profile per batch with a pause between: slow enough to kill in the middle.
    const slow = cli(['jobs', 'run', 'enhance-profiles', '--force', '--batch-size', '1'], { ...database.env, JOB_PAUSE_MS: '300' });
    await waitFor(async () => ((await running())?.processed ?? 0) >= 3, 60_000);
    slow.child.kill('SIGKILL');
    expect(await slow.exited).toBe('SIGKILL');

    const interrupted = (await running())!;
    expect(interrupted.total).toBe(30);
    expect(interrupted.processed).toBeGreaterThanOrEqual(3);
    expect(interrupted.processed).toBeLessThan(30);
    const before = await client.query<{ item_key: string; created_at: Date }>('SELECT item_key, created_at FROM job_run_items WHERE run_id = $1', [interrupted.id]);

    // Its heartbeat is fresh: nobody can tell a dead run from a slow one yet.
    const refused = cli(['jobs', 'run', 'enhance-profiles', '--force'], database.env);
    expect(await refused.exited).toBe(2);
    expect(refused.output()).toMatch(/enhance-profiles is already running/);

    // A minute later (the stale window), the next start takes the run over and finishes it.
    await client.query("UPDATE job_runs SET heartbeat_at = heartbeat_at - interval '61 seconds' WHERE id = $1", [interrupted.id]);
    const resumed = cli(['jobs', 'run', 'enhance-profiles', '--force', '--json'], { ...database.env, JOB_PAUSE_MS: '0' });
    expect(await resumed.exited).toBe(0);
    const finished = (await client.query<{ id: string; state: string; processed: number; total: number }>('SELECT id, state, processed, total FROM job_runs WHERE id = $1', [interrupted.id])).rows[0]!;
    expect(finished).toEqual({ id: interrupted.id, state: 'completed', processed: 30, total: 30 });
    const items = await client.query<{ n: number; keys: number }>('SELECT count(*)::int AS n, count(DISTINCT item_key)::int AS keys FROM job_run_items WHERE run_id = $1', [interrupted.id]);
    expect(items.rows[0]).toEqual({ n: 30, keys: 30 });
    // What was done before the kill was not done again: its records are the same rows.
    const after = await client.query<{ item_key: string; created_at: Date }>('SELECT item_key, created_at FROM job_run_items WHERE run_id = $1 AND item_key = ANY($2)', [
      interrupted.id,
      before.rows.map((row) => row.item_key),
    ]);
    expect(after.rows.map((row) => [row.item_key, row.created_at.getTime()]).sort()).toEqual(before.rows.map((row) => [row.item_key, row.created_at.getTime()]).sort());
    expect(await client.query("SELECT 1 FROM job_runs WHERE name = 'enhance-profiles'").then((r) => r.rowCount)).toBe(1);
  }, 180_000);
});
