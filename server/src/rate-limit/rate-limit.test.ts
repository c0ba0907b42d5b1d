import { jest } from '@jest/globals';

import { agentFor, signUp, uniqueEmail } from '../../test/auth-helpers.js';
import { TooManyRequestsError } from '../errors.js';
import { createTestApp, TestClock, type TestApp } from '../../test/test-app.js';
import { RateLimitRepository } from './rate-limit.repository.js';
import { BATCH_FLUSH_MS, RateLimitService } from './rate-limit.service.js';

// Two services on one database stand for two replicas of the app.
let t: TestApp;
let repository: RateLimitRepository;
const clock = new TestClock();
const rule = { limit: 3, windowMs: 60 * 60_000 };
let keys = 0;
const uniqueKey = () => `test-member:${++keys}-${Date.now()}`;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SEARCH_USER: '2/1h' });
  repository = new RateLimitRepository(t.ctx.db);
});
afterAll(() => t.close());

async function storedHits(key: string): Promise<number> {
  const row = await t.ctx.db.selectFrom('rate_limit_hits').select((eb) => eb.fn.sum<number>('hits').as('hits')).where('key', '=', key).executeTakeFirst();
  return Number(row?.hits ?? 0);
}

const refused = (attempt: Promise<void>) => expect(attempt).rejects.toBeInstanceOf(TooManyRequestsError);

describe('exact limits', () => {
  it('write every hit before answering, and refuse the one over the limit', async () => {
    const limits = new RateLimitService(repository, clock);
    const key = uniqueKey();
    for (let i = 0; i < 3; i++) await limits.consume(key, rule);
    expect(await storedHits(key)).toBe(3);
    await refused(limits.consume(key, rule));
    expect(await storedHits(key)).toBe(4);
  });
});

describe('batched limits', () => {
  it('wait in memory far from the limit, and are counted in Postgres at it', async () => {
    const limits = new RateLimitService(repository, clock);
    const key = uniqueKey();
    for (let i = 0; i < 2; i++) await limits.consume(key, rule, 'batched');
    expect(await storedHits(key)).toBe(1); // the window's first hit only
    await limits.consume(key, rule, 'batched'); // the last one allowed: written with the one held
    expect(await storedHits(key)).toBe(3);
    await refused(limits.consume(key, rule, 'batched'));
    expect(await storedHits(key)).toBe(4);
    await limits.flush();
    expect(await storedHits(key)).toBe(4);
  });

  it("at its view's limit, let the shared count decide: a replica behind lets through no more than it has not yet seen", async () => {
    const first = new RateLimitService(repository, clock);
    const second = new RateLimitService(repository, clock);
    const key = uniqueKey();
    await first.consume(key, rule, 'batched'); // first knows 1
    await second.consume(key, rule, 'batched'); // second knows 2
    await second.consume(key, rule, 'batched'); // at second's limit: Postgres says 3
    await first.consume(key, rule, 'batched'); // first's view is 2: held in memory (the one hit it has not seen)
    await refused(first.consume(key, rule, 'batched')); // at first's limit: Postgres says 5
    await refused(second.consume(key, rule, 'batched'));
  });

  it('write what was counted at most a second later, in one statement for every member', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      const writes = jest.spyOn(repository, 'addHits');
      const limits = new RateLimitService(repository, clock);
      const [a, b] = [uniqueKey(), uniqueKey()];
      const roomy = { ...rule, limit: 10 }; // far from the limit, every hit waits in memory
      for (const key of [a, b, a, b, a]) await limits.consume(key, roomy, 'batched');
      writes.mockClear();
      jest.advanceTimersByTime(BATCH_FLUSH_MS);
      await limits.flush(); // waits for the timer's write
      expect(writes).toHaveBeenCalledTimes(1);
      expect(writes.mock.calls[0]![0].map((w) => [w.key, w.hits]).sort()).toEqual([
        [a, 2],
        [b, 1],
      ]);
      writes.mockRestore();
    } finally {
      jest.useRealTimers();
    }
  });

  it("learn another replica's hits: from Postgres at a window's first hit, then with each write", async () => {
    const first = new RateLimitService(repository, clock);
    const second = new RateLimitService(repository, clock);
    const key = uniqueKey();
    await first.consume(key, rule, 'batched');
    await first.consume(key, rule, 'batched');
    await first.flush();
    await second.consume(key, rule, 'batched'); // its first hit reads the total: 3
    await refused(second.consume(key, rule, 'batched'));

    const other = uniqueKey();
    await first.consume(other, rule, 'batched');
    await second.consume(other, rule, 'batched');
    await second.consume(other, rule, 'batched'); // second knows 2 + 1 counted here
    await first.consume(other, rule, 'batched'); // first knows 1 + 1 counted here
    await first.flush(); // first learns the total, 4
    await refused(first.consume(other, rule, 'batched'));
  });

  it('start again in the next window', async () => {
    const limits = new RateLimitService(repository, clock);
    const key = uniqueKey();
    for (let i = 0; i < 3; i++) await limits.consume(key, rule, 'batched');
    await refused(limits.consume(key, rule, 'batched'));
    clock.advance(rule.windowMs);
    await limits.consume(key, rule, 'batched');
    await limits.flush();
  });

  it('keep the hits of a write that failed for the next one', async () => {
    const limits = new RateLimitService(repository, clock);
    const key = uniqueKey();
    await limits.consume(key, rule, 'batched');
    await limits.consume(key, rule, 'batched');
    const failing = jest.spyOn(repository, 'addHits').mockRejectedValueOnce(new Error('connection lost'));
    await expect(limits.flush()).rejects.toThrow('connection lost');
    failing.mockRestore();
    await limits.flush();
    expect(await storedHits(key)).toBe(2);
  });
});

describe('batched windows in memory', () => {
  it('are forgotten once they have ended', async () => {
    const limits = new RateLimitService(repository, clock);
    const key = uniqueKey();
    await limits.consume(key, rule, 'batched');
    clock.advance(rule.windowMs);
    await limits.flush();
    const lookups = jest.spyOn(repository, 'hit');
    await limits.consume(key, rule, 'batched'); // a new window: its first hit goes to Postgres
    expect(lookups).toHaveBeenCalledTimes(1);
    lookups.mockRestore();
    expect((limits as unknown as { windows: Map<string, unknown> }).windows.size).toBe(1);
    await limits.flush();
  });
});

describe('a per-member limit through HTTP', () => {
  it("refuses a member's search over the limit with the spec's message, and no one else's", async () => {
    const [ana, ben] = [agentFor(t), agentFor(t)];
    await signUp(t, ana, uniqueEmail());
    await signUp(t, ben, uniqueEmail());
    for (let i = 0; i < 2; i++) await ana.post('/api/search').send({ query: 'a hiking partner' }).expect(200);
    const res = await ana.post('/api/search').send({ query: 'a hiking partner' }).expect(429);
    expect(res.body.error).toEqual({ code: 'rate_limited', message: 'Too many attempts. Please try again later.' });
    await ben.post('/api/search').send({ query: 'a hiking partner' }).expect(200);
  });
});
