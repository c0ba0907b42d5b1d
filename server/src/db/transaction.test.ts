import type { Transaction } from 'kysely';

import { createTestApp, type TestApp } from '../../test/test-app.js';
import { type AfterCommit, transaction } from './transaction.js';
import type { DB } from './schema.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Whether a row is visible outside the transaction (on the embedded database, the same one connection once it is free). */
const committed = async (id: string) => (await t.ctx.db.selectFrom('stripe_events').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
const insert = (id: string) => (trx: Transaction<DB>) => trx.insertInto('stripe_events').values({ id, type: 'test' }).execute();

it('runs the registered actions after the commit, in order, and answers what the transaction returned', async () => {
  const seen: string[] = [];
  const result = await transaction(t.ctx.db, async (trx, afterCommit) => {
    afterCommit(async () => {
      seen.push(`first, committed: ${String(await committed('evt_after_1'))}`);
    });
    await insert('evt_after_1')(trx);
    afterCommit(async () => {
      seen.push('second');
    });
    seen.push('in the transaction');
    return 42;
  });
  expect(result).toBe(42);
  expect(seen).toEqual(['in the transaction', 'first, committed: true', 'second']);
});

it('drops the actions when the transaction rolls back', async () => {
  const seen: string[] = [];
  await expect(
    transaction(t.ctx.db, async (trx, afterCommit) => {
      await insert('evt_after_2')(trx);
      afterCommit(async () => {
        seen.push('ran');
      });
      throw new Error('changed my mind');
    }),
  ).rejects.toThrow('changed my mind');
  expect(seen).toEqual([]);
  expect(await committed('evt_after_2')).toBe(false);
});

it('runs every action when one fails, keeps the commit, and then throws the first failure', async () => {
  const seen: string[] = [];
  const outcome = transaction(t.ctx.db, async (trx, afterCommit) => {
    await insert('evt_after_3')(trx);
    afterCommit(() => Promise.reject(new Error('the mail server is down')));
    afterCommit(() => Promise.reject(new Error('so is Stripe')));
    afterCommit(async () => {
      seen.push('third');
    });
  });
  await expect(outcome).rejects.toThrow('the mail server is down');
  expect(seen).toEqual(['third']);
  expect(await committed('evt_after_3')).toBe(true);
});

it('refuses an action registered once the transaction is over', async () => {
  let later: AfterCommit | undefined;
  await transaction(t.ctx.db, async (_trx, afterCommit) => {
    later = afterCommit;
  });
  expect(() => later!(async () => undefined)).toThrow(/already over/);
});
