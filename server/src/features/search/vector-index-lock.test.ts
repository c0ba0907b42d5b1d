import { sql } from 'kysely';

import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { SearchRepository, VECTOR_INDEX_LOCK, vectorIndexName } from './search.repository.js';

// The rule: two replicas starting at once build a model's vector index once. The second waits on
// the advisory lock while the first builds, then finds the index valid and builds nothing. On a
// Postgres server (TEST_DATABASE_URL) the builds are CONCURRENTLY, as the server runs them there.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function indexesOf(model: string): Promise<{ valid: boolean }[]> {
  const { rows } = await sql<{ valid: boolean }>`
    SELECT i.indisvalid AS valid FROM pg_class c JOIN pg_index i ON i.indexrelid = c.oid
    WHERE c.relname = ${vectorIndexName(model)}`.execute(t.ctx.db);
  return rows;
}

it('two concurrent calls build the index once; the other finds it built', async () => {
  const concurrently = t.ctx.database.mode === 'external';
  const model = 'replica-race-model';
  // Two repositories on the pool: each call holds a connection of its own, as two replicas would.
  const results = await Promise.all([new SearchRepository(t.ctx.db), new SearchRepository(t.ctx.db)].map((repository) => repository.ensureVectorIndex(model, 8, concurrently)));
  expect([...results].sort()).toEqual([false, true]);
  expect(await indexesOf(model)).toEqual([{ valid: true }]);
});

it('waits while another session holds the lock, then builds', async () => {
  if (t.ctx.database.mode !== 'external') return; // PGlite has one connection: nothing else can hold the lock
  const model = 'waits-for-the-lock-model';
  const holder = await t.ctx.database.pool.connect();
  try {
    await holder.query('SELECT pg_advisory_lock(hashtext($1))', [VECTOR_INDEX_LOCK]);
    let done = false;
    const build = new SearchRepository(t.ctx.db).ensureVectorIndex(model, 8, true).finally(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(done).toBe(false);
    expect(await indexesOf(model)).toEqual([]);
    await holder.query('SELECT pg_advisory_unlock(hashtext($1))', [VECTOR_INDEX_LOCK]);
    expect(await build).toBe(true);
    expect(await indexesOf(model)).toEqual([{ valid: true }]);
  } finally {
    holder.release();
  }
});
