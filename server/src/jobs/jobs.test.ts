import request from 'supertest';

import { agentFor, signUp, TEST_PASSWORD } from '../../test/auth-helpers.js';
import { signedInMember } from '../../test/members.js';
import { type MadeProfile, makeProfile } from '../../test/profiles-factory.js';
import { createTestApp, TestClock, type TestApp } from '../../test/test-app.js';
import { transaction } from '../db/transaction.js';
import { type JobDefinition, JobRegistry } from './job.js';
import { JobRunner, STALE_AFTER_MS } from './job-runner.js';
import { JobRunsRepository } from './job-runs.repository.js';

const ADMIN_EMAIL = 'ops@campus.example';
const DAY = 86_400_000;

let t: TestApp;
const clock = new TestClock();
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAIL }, { clock });
});
afterAll(() => t.close());

/** A job over 10 items that records each item it really handled; `crashAt` throws like a killed process. */
function countingJob(handled: string[], options: { crashAt?: number; failKey?: string } = {}): JobDefinition<number> {
  return {
    name: 'count',
    description: 'counts',
    plan: async () => Array.from({ length: 10 }, (_, i) => i),
    key: (i) => `item-${i}`,
    run: async (i, { dryRun }) => {
      if (options.crashAt === i) throw Object.assign(new Error('killed'), { crash: true });
      if (options.failKey === `item-${i}`) throw new Error('this one is broken');
      if (!dryRun) handled.push(`item-${i}`);
      return { status: 'succeeded', result: { i, dryRun } };
    },
    batchSize: 3,
  };
}

/** A runner whose "crash" stops the whole run, as kill -9 would: the run row stays 'running'. */
function runnerWith(job: JobDefinition<number>): JobRunner {
  const runs = new JobRunsRepository(t.ctx.db);
  const crashing = Object.create(runs) as JobRunsRepository;
  crashing.recordItem = async (runId, key, status, result, now) => {
    if ((result as { error?: string }).error === 'killed') throw new Error('process killed');
    return runs.recordItem(runId, key, status, result, now);
  };
  crashing.fail = async () => undefined; // a killed process writes nothing more
  return new JobRunner({ db: t.ctx.db, registry: new JobRegistry([job as JobDefinition]), runs: crashing, clock, logger: t.ctx.logger });
}

async function finishRunning(name: string): Promise<void> {
  await t.ctx.db.updateTable('job_runs').set({ state: 'completed' }).where('name', '=', name).where('state', '=', 'running').execute();
}

describe('the job runner', () => {
  afterEach(() => finishRunning('count'));

  it('runs every item once and records each', async () => {
    const handled: string[] = [];
    const runner = runnerWith(countingJob(handled));
    const run = await runner.run('count');
    expect(run).toMatchObject({ state: 'completed', total: 10, processed: 10, succeeded: 10, failed: 0 });
    expect(handled).toHaveLength(10);
    expect(await runner.items(run.id)).toHaveLength(10);
  });

  it('a run killed midway is resumed by the next start and does nothing twice', async () => {
    const handled: string[] = [];
    await expect(runnerWith(countingJob(handled, { crashAt: 6 })).run('count')).rejects.toThrow('process killed');
    expect(handled).toEqual(['item-0', 'item-1', 'item-2', 'item-3', 'item-4', 'item-5']);

    // Right after the crash the run still looks alive: a new start is refused with a clear message.
    const again = runnerWith(countingJob(handled));
    await expect(again.run('count')).rejects.toThrow(/count is already running/);

    clock.advance(STALE_AFTER_MS + 1_000);
    const resumed = await again.run('count');
    expect(resumed).toMatchObject({ state: 'completed', total: 10, processed: 10, succeeded: 10 });
    expect(handled).toEqual(Array.from({ length: 10 }, (_, i) => `item-${i}`));
    const rows = await t.ctx.db.selectFrom('job_run_items').select('item_key').where('run_id', '=', resumed.id).execute();
    expect(rows).toHaveLength(10);
  });

  it('records a failing item and goes on', async () => {
    const handled: string[] = [];
    const run = await runnerWith(countingJob(handled, { failKey: 'item-3' })).run('count');
    expect(run).toMatchObject({ state: 'completed', processed: 10, succeeded: 9, failed: 1 });
    const items = await runnerWith(countingJob(handled)).items(run.id);
    expect(items.find((item) => item.key === 'item-3')).toMatchObject({ status: 'failed', result: { error: 'this one is broken' } });
  });

  it('a dry run changes nothing and reports every item', async () => {
    const handled: string[] = [];
    const run = await runnerWith(countingJob(handled)).run('count', { dryRun: true });
    expect(run).toMatchObject({ dryRun: true, state: 'completed', processed: 10 });
    expect(handled).toEqual([]);
  });

  it('two starts at once: one runs, the other is refused', async () => {
    const handled: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow: JobDefinition<number> = { ...countingJob(handled), run: async (i) => (await gate, handled.push(`item-${i}`), { status: 'succeeded' }) };
    const runner = runnerWith(slow);
    const first = runner.run('count');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const results = await Promise.allSettled([runner.run('count'), runnerWith(slow).start('count')]);
    for (const result of results) expect(result).toMatchObject({ status: 'rejected', reason: { code: 'job_running' } });
    release();
    expect(await first).toMatchObject({ state: 'completed', processed: 10 });
  });

  it('a batched job: one call and one write per batch, a failed batch recorded, a resumed stale-only plan counted whole', async () => {
    const runs = new JobRunsRepository(t.ctx.db);
    const writes: number[] = [];
    const counting = Object.create(runs) as JobRunsRepository;
    counting.recordItems = async (runId, items, now) => {
      writes.push(items.length);
      return runs.recordItems(runId, items, now);
    };
    const done = new Set<number>();
    const calls: number[][] = [];
    const batched: JobDefinition<number> = {
      name: 'count',
      description: 'counts in batches',
      // Plans only what is not done yet, as regenerate-embeddings plans only stale vectors.
      plan: async () => Array.from({ length: 10 }, (_, i) => i).filter((i) => !done.has(i)),
      key: (i) => `item-${i}`,
      run: async () => {
        throw new Error('not called item by item');
      },
      runBatch: async (items) => {
        calls.push(items);
        if (items.includes(7)) throw new Error('the model is down');
        for (const i of items) done.add(i);
        return items.map((i) => ({ status: 'succeeded', result: { i } }));
      },
      batchSize: 4,
    };
    const runner = new JobRunner({ db: t.ctx.db, registry: new JobRegistry([batched as JobDefinition]), runs: counting, clock, logger: t.ctx.logger });
    const run = await runner.run('count');
    expect(calls).toEqual([[0, 1, 2, 3], [4, 5, 6, 7], [8, 9]]);
    expect(writes).toEqual([4, 4, 2]);
    expect(run).toMatchObject({ state: 'completed', total: 10, processed: 10, succeeded: 6, failed: 4 });
    expect((await runner.items(run.id)).find((item) => item.key === 'item-5')).toMatchObject({ status: 'failed', result: { error: 'the model is down' } });

    // Interrupted after its first batch: the resumed run's plan no longer holds what it did, and the total still counts it.
    done.clear();
    calls.length = 0;
    const interrupted = await transaction(t.ctx.db, (trx) => runs.claim(trx, 'count', { dryRun: false, options: {}, startedBy: null, now: clock.now() }));
    await runs.recordItems(interrupted.run.id, [0, 1, 2, 3].map((i) => ({ key: `item-${i}`, status: 'succeeded' as const, result: {} })), clock.now());
    for (const i of [0, 1, 2, 3]) done.add(i);
    clock.advance(STALE_AFTER_MS + 1_000);
    const resumed = await runner.run('count');
    expect(resumed).toMatchObject({ id: interrupted.run.id, total: 10, processed: 10 });
    expect(calls[0]).toEqual([4, 5, 6, 7]);
  });

  it('refuses a job that does not exist', async () => {
    await expect(runnerWith(countingJob([])).run('nope')).rejects.toMatchObject({ code: 'unknown_job', message: 'There is no job called nope.' });
  });
});

describe('purge-deleted and the admin routes', () => {
  it('purges through the registry, twice to the same end state; the routes are the administrator’s', async () => {
    const leaver = await signedInMember(t, 'Lee Leaver', 'jobs');
    await leaver.agent.delete('/api/account').send({ confirmation: 'DELETE MY ACCOUNT', currentPassword: TEST_PASSWORD }).expect(200);
    clock.advance(91 * DAY);

    await request(t.app).get('/api/admin/jobs').expect(401);
    const member = await signedInMember(t, 'Mo Member', 'jobs');
    await member.agent.get('/api/admin/jobs').expect(403);
    await member.agent.post('/api/admin/jobs/purge-deleted/runs').send({}).expect(403);

    const admin = agentFor(t);
    await signUp(t, admin, ADMIN_EMAIL);
    await t.ctx.services.auth.grantAdmin(ADMIN_EMAIL);
    const listed = (await admin.get('/api/admin/jobs').expect(200)).body;
    expect(listed.jobs.map((j: { name: string }) => j.name)).toContain('purge-deleted');

    const dry = await t.ctx.jobs.run('purge-deleted', { dryRun: true });
    expect(dry.processed).toBeGreaterThanOrEqual(1);
    expect(await t.ctx.db.selectFrom('users').select('id').where('id', '=', leaver.userId).executeTakeFirst()).toBeDefined();

    const started = (await admin.post('/api/admin/jobs/purge-deleted/runs').send({}).expect(202)).body;
    let run = started;
    for (let i = 0; i < 100 && run.state === 'running'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      run = (await admin.get(`/api/admin/jobs/runs/${started.id}`).expect(200)).body.run;
    }
    expect(run).toMatchObject({ state: 'completed', startedBy: expect.any(String) });
    const audit = await t.ctx.db.selectFrom('admin_audit_log').select(['action', 'target_type', 'target_id', 'details']).where('target_id', '=', started.id).execute();
    expect(audit).toEqual([{ action: 'job.start', target_type: 'job_run', target_id: started.id, details: { job: 'purge-deleted', dryRun: false } }]);
    expect(await t.ctx.db.selectFrom('users').select('id').where('id', '=', leaver.userId).executeTakeFirst()).toBeUndefined();

    const second = await t.ctx.jobs.run('purge-deleted');
    expect(second).toMatchObject({ state: 'completed', total: 0, processed: 0 });
    await admin.get('/api/admin/jobs/runs/not-a-uuid').expect(404);
  });
});

describe('fix-formats', () => {
  it('fixes the spec’s examples, changes nothing on a dry run, and a second run changes nothing', async () => {
    const cases = [
      { location: 'Canada+British Columbia+Langley', profession: '高中生', want: ['Langley, BC, Canada', 'High School Student'] },
      { location: 'Vancouver, Canada', profession: '软件开发', want: ['Vancouver, BC, Canada', 'Software Developer'] },
      { location: 'Vancouver', profession: 'Software Developer', want: ['Vancouver, BC, Canada', 'Software Developer'] },
      { location: 'Atlantis under the sea', profession: 'Software Developer', want: ['Atlantis under the sea', 'Software Developer'] },
    ];
    const made: MadeProfile[] = [];
    for (const c of cases) made.push(await makeProfile(t, { location: c.location, profession: c.profession }, { embed: false }));
    const read = async () =>
      Promise.all(made.map(async (m) => {
        const row = await t.ctx.db.selectFrom('profiles').select(['location', 'profession']).where('id', '=', m.profileId).executeTakeFirstOrThrow();
        return [row.location, row.profession];
      }));

    const dry = await t.ctx.jobs.run('fix-formats', { dryRun: true });
    expect(dry.state).toBe('completed');
    expect(await read()).toEqual(cases.map((c) => [c.location, c.profession]));
    const planned = await t.ctx.jobs.items(dry.id);
    expect(planned.find((item) => item.key === made[0]!.profileId)).toMatchObject({ status: 'succeeded', result: { locationUpdated: true, professionUpdated: true, location: 'Langley, BC, Canada' } });

    const run = await t.ctx.jobs.run('fix-formats');
    expect(await read()).toEqual(cases.map((c) => c.want));
    const items = await t.ctx.jobs.items(run.id);
    expect(items.find((item) => item.key === made[2]!.profileId)).toMatchObject({ status: 'succeeded', result: { locationUpdated: true, professionUpdated: false } });
    expect(items.find((item) => item.key === made[3]!.profileId)).toMatchObject({ status: 'skipped' });

    const again = await t.ctx.jobs.run('fix-formats');
    expect(again.succeeded).toBe(0);
    expect(await read()).toEqual(cases.map((c) => c.want));
  });
});
