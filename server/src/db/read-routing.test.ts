import type { Kysely, PostgresPool, PostgresPoolClient } from 'kysely';
import { pino } from 'pino';

import { checkIntervalMs, onPrimary, ReadRouting, type ReplicaProbe } from './read-routing.js';
import { FreshnessTracker, parseLsn } from './replica-lag.js';
import { fallbackPool } from './replica-pool.js';
import type { DB } from './schema.js';

// The routing decision with stand-ins for the two servers; server/src/db/replica.test.ts shows the
// same against a real hot standby.

const primary = { name: 'primary' } as unknown as Kysely<DB>;
const replica = { name: 'replica' } as unknown as Kysely<DB>;
const silent = pino({ level: 'silent' });
const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5433'), { code: 'ECONNREFUSED' });

describe('WAL positions and freshness', () => {
  it('reads positions as byte offsets that compare across servers', () => {
    expect(parseLsn('0/0')).toBe(0n);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(parseLsn('1/0') > parseLsn('0/FFFFFFFF')).toBe(true);
    expect(() => parseLsn('16-B374D848')).toThrow(/not a WAL position/);
  });

  it('dates a replica by the latest primary position it has replayed past, keeping samples a while', () => {
    const tracker = new FreshnessTracker(10_000);
    tracker.record(1000, 100n);
    tracker.record(2000, 200n);
    tracker.record(3000, 300n);
    expect(tracker.freshAsOf(300n)).toBe(3000);
    expect(tracker.freshAsOf(250n)).toBe(2000);
    expect(tracker.freshAsOf(99n)).toBeUndefined();
    tracker.record(12_500, 400n); // the samples of 1000 and 2000 are now too old
    expect(tracker.oldest()).toBe(3000);
    expect(tracker.freshAsOf(250n)).toBeUndefined();
  });

  it('checks four times within the allowed lag, at most once a second', () => {
    expect(checkIntervalMs(2000)).toBe(500);
    expect(checkIntervalMs(60_000)).toBe(1000);
    expect(checkIntervalMs(200)).toBe(50);
  });
});

/** Two servers as numbers: the primary's position, and how far the replica has replayed. */
function servers() {
  const state = { now: 100_000, primaryLsn: 1000n, replayed: 1000n, inRecovery: true, replicaError: undefined as Error | undefined, replayAgeMs: 5 as number | null };
  let pending: { resolve: () => void } | undefined;
  const probe: ReplicaProbe = {
    primaryLsn: async () => `0/${state.primaryLsn.toString(16)}`,
    replica: async () => {
      if (state.replicaError) throw state.replicaError;
      const answer = { inRecovery: state.inRecovery, replayedLsn: `0/${state.replayed.toString(16)}`, replayAgeMs: state.replayAgeMs };
      if (pending) await new Promise<void>((resolve) => (pending!.resolve = resolve));
      return answer;
    },
  };
  const routing = new ReadRouting({ primary, replica: { db: replica, probe }, maxLagMs: 2000, logger: silent, now: () => state.now });
  return {
    state,
    routing,
    /** The next replica answer waits for release(). */
    holdNextAnswer: () => {
      pending = { resolve: () => undefined };
      const held = pending;
      return () => {
        pending = undefined;
        held.resolve();
      };
    },
  };
}

describe('ReadRouting', () => {
  it('without a replica, reads from the primary and reports nothing', async () => {
    const routing = new ReadRouting({ primary, maxLagMs: 2000, logger: silent });
    await routing.start();
    expect(routing.reader()).toBe(primary);
    expect(routing.hasReplica).toBe(false);
    expect(routing.state()).toBeUndefined();
  });

  it('reads from a replica that has caught up, once a check says so', async () => {
    const { routing, state } = servers();
    expect(routing.reader()).toBe(primary);
    expect(routing.state()?.status).toBe('starting');
    await routing.check();
    expect(routing.reader()).toBe(replica);
    expect(routing.state()).toEqual({ status: 'in-use', lagMs: 0, maxLagMs: 2000, reads: { replica: 1, primary: 1, fallbacks: 0 } });
    // Judged at the read: with no check for longer than the allowed lag, nobody vouches for it.
    state.now += 2001;
    expect(routing.reader()).toBe(primary);
    expect(routing.state()?.status).toBe('stale');
  });

  it('skips a replica that stopped replaying while the primary moved on, and takes it back once it catches up', async () => {
    const { routing, state } = servers();
    await routing.check();
    state.replayAgeMs = 600_000; // a quiet primary: its last commit is old, which says nothing about lag
    for (let i = 0; i < 5; i += 1) {
      state.now += 500;
      state.primaryLsn += 100n;
      state.replayed += 100n; // streaming a few ms behind: caught up to each sample by the next check
      await routing.check();
      expect(routing.state()?.status).toBe('in-use');
    }
    const pausedAt = state.now;
    for (let i = 0; i < 5; i += 1) {
      state.now += 500;
      state.primaryLsn += 100n; // paused: replayed stays
      await routing.check();
    }
    expect(routing.state()).toMatchObject({ status: 'stale', lagMs: state.now - pausedAt });
    expect(routing.reader()).toBe(primary);
    state.replayed = state.primaryLsn;
    await routing.check();
    expect(routing.state()).toMatchObject({ status: 'in-use', lagMs: 0 });
  });

  it('takes a replica that does not answer out until a check after the failure succeeds', async () => {
    const { routing, state, holdNextAnswer } = servers();
    await routing.check();
    state.replicaError = refused;
    await routing.check();
    expect(routing.state()?.status).toBe('down');
    expect(routing.reader()).toBe(primary);
    state.replicaError = undefined;
    await routing.check();
    expect(routing.reader()).toBe(replica);

    // A statement fails while a check is under way: that check's good news predates the failure.
    const release = holdNextAnswer();
    const check = routing.check();
    routing.fellBack(refused);
    state.now += 1;
    release();
    await check;
    expect(routing.state()).toMatchObject({ status: 'down', reads: { fallbacks: 1 } });
    await routing.check();
    expect(routing.state()?.status).toBe('in-use');
  });

  it('keeps a replica whose statement was cancelled to replay: only that statement goes to the primary', async () => {
    const { routing } = servers();
    await routing.check();
    routing.fellBack(Object.assign(new Error('canceling statement due to conflict with recovery'), { code: '40001' }));
    expect(routing.state()).toMatchObject({ status: 'in-use', reads: { fallbacks: 1 } });
  });

  it('stops reading from a promoted replica: it no longer follows the primary', async () => {
    const { routing, state } = servers();
    state.inRecovery = false;
    await routing.check();
    expect(routing.state()?.status).toBe('not-a-replica');
    expect(routing.reader()).toBe(primary);
  });

  it('reads on the primary inside onPrimary, across awaits', async () => {
    const { routing } = servers();
    await routing.check();
    const inside = await onPrimary(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return routing.reader();
    });
    expect(inside).toBe(primary);
    expect(routing.reader()).toBe(replica);
  });
});

/** A pool whose clients answer with `answer(text)` and record what happened. */
function fakePool(name: string, answer: (text: string) => unknown, options: { refuse?: boolean } = {}) {
  const log: string[] = [];
  const pool: PostgresPool = {
    connect: async () => {
      if (options.refuse) throw refused;
      log.push('connect');
      return {
        query: (async (text: string) => {
          log.push(`query ${text}`);
          const result = answer(text);
          if (result instanceof Error) throw result;
          return { rows: [{ from: name }] };
        }) as unknown as PostgresPoolClient['query'],
        release: () => log.push('release'),
      };
    },
    end: async () => {
      log.push('end');
    },
  };
  return { pool, log };
}

describe('fallbackPool', () => {
  const ok = () => undefined;
  const run = async (pool: PostgresPool, text = 'SELECT 1') => {
    const client = await pool.connect();
    try {
      return (await client.query(text as never, [] as never)) as unknown as { rows: { from: string }[] };
    } finally {
      client.release();
    }
  };

  it('answers from the replica when it can', async () => {
    const failures: unknown[] = [];
    const pool = fallbackPool(fakePool('replica', ok).pool, fakePool('primary', ok).pool, (e) => failures.push(e));
    expect((await run(pool)).rows).toEqual([{ from: 'replica' }]);
    expect(failures).toEqual([]);
  });

  it('takes the primary when the replica refuses the connection', async () => {
    const failures: unknown[] = [];
    const main = fakePool('primary', ok);
    const pool = fallbackPool(fakePool('replica', ok, { refuse: true }).pool, main.pool, (e) => failures.push(e));
    expect((await run(pool)).rows).toEqual([{ from: 'primary' }]);
    expect(failures).toEqual([refused]);
    expect(main.log).toEqual(['connect', 'query SELECT 1', 'release']);
  });

  it('runs a statement again on the primary when the replica goes away or cancels it, and nothing else', async () => {
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    const conflict = Object.assign(new Error('canceling statement due to conflict with recovery'), { code: '40001' });
    const syntax = Object.assign(new Error('syntax error'), { code: '42601' });
    const errors: Record<string, Error> = { 'SELECT shutdown': shutdown, 'SELECT conflict': conflict, 'SELECT syntax': syntax };
    const failures: unknown[] = [];
    const replicaPool = fakePool('replica', (text) => errors[text]);
    const pool = fallbackPool(replicaPool.pool, fakePool('primary', ok).pool, (e) => failures.push(e));
    expect((await run(pool, 'SELECT shutdown')).rows).toEqual([{ from: 'primary' }]);
    expect((await run(pool, 'SELECT conflict')).rows).toEqual([{ from: 'primary' }]);
    await expect(run(pool, 'SELECT syntax')).rejects.toBe(syntax);
    expect(failures).toEqual([shutdown, conflict]);
    // Each replica client went back to its pool (pg drops a broken one there).
    expect(replicaPool.log.filter((entry) => entry === 'release')).toHaveLength(3);
  });

  it('refuses a transaction: half of one cannot be finished on the other server', async () => {
    const pool = fallbackPool(fakePool('replica', ok).pool, fakePool('primary', ok).pool, ok);
    await expect(run(pool, 'begin')).rejects.toThrow(/single statements/);
  });
});
