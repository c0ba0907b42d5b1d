import { sql } from 'kysely';

import { type MadeProfile, makeProfile } from '../../test/profiles-factory.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// The profile maintenance jobs on the built-in provider: each dry run changes nothing, each run
// changes what it should, and a second run finds nothing left to do (the same end state).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ JOB_PAUSE_MS: '0' });
});
afterAll(() => t.close());

/** Every column a maintenance job may write, for every profile: the state runs are compared by. */
async function snapshot(): Promise<unknown[]> {
  const { rows } = await sql`
    SELECT p.id, p.location, p.profession, p.enhanced_background,
      (SELECT json_agg(json_build_object('m', e.model, 'h', e.content_hash) ORDER BY e.model) FROM profile_embeddings e WHERE e.profile_id = p.id) AS vectors
    FROM profiles p ORDER BY p.id`.execute(t.ctx.db);
  return rows;
}

async function profile(made: MadeProfile) {
  return t.ctx.db.selectFrom('profiles').select(['location', 'profession', 'enhanced_background']).where('id', '=', made.profileId).executeTakeFirstOrThrow();
}

/** Dry run, run, run again: asserts the dry run and the second run change nothing, and returns the first run's items. */
async function twice(name: string, options: { force?: boolean } = {}) {
  const before = await snapshot();
  const dry = await t.ctx.jobs.run(name, { ...options, dryRun: true });
  expect(dry.state).toBe('completed');
  expect(await snapshot()).toEqual(before);

  const run = await t.ctx.jobs.run(name, options);
  expect(run.state).toBe('completed');
  expect(run.succeeded).toBe(dry.succeeded);
  const after = await snapshot();

  const again = await t.ctx.jobs.run(name);
  expect(again).toMatchObject({ state: 'completed', succeeded: 0 });
  expect(await snapshot()).toEqual(after);
  return { run, items: await t.ctx.jobs.items(run.id) };
}

it('standardize-locations: updated, skipped and the reason for each', async () => {
  const messy = await makeProfile(t, { name: 'Lan', location: 'Canada+British Columbia+Langley' }, { embed: false });
  const fine = await makeProfile(t, { name: 'Van', location: 'Vancouver, BC, Canada' }, { embed: false });
  const unknown = await makeProfile(t, { name: 'Atl', location: 'Atlantis under the sea' }, { embed: false });
  const { items } = await twice('standardize-locations');
  const item = (made: MadeProfile) => items.find((i) => i.key === made.profileId);
  expect(item(messy)).toMatchObject({ status: 'succeeded', result: { name: 'Lan', original: 'Canada+British Columbia+Langley', standardized: 'Langley, BC, Canada', status: 'updated' } });
  expect(item(fine)).toMatchObject({ status: 'skipped', result: { status: 'skipped', reason: 'already standard' } });
  expect(item(unknown)).toMatchObject({ status: 'skipped', result: { status: 'skipped', reason: 'not recognised' } });
  expect((await profile(messy)).location).toBe('Langley, BC, Canada');
  expect((await profile(unknown)).location).toBe('Atlantis under the sea');
});

it('standardize-profiles: addresses and profession categories, with the spec’s record per profile', async () => {
  const student = await makeProfile(t, { name: 'Gao', location: 'Vancouver', profession: '高中生' }, { embed: false });
  const { items } = await twice('standardize-profiles');
  expect(items.find((i) => i.key === student.profileId)).toMatchObject({
    status: 'succeeded',
    result: { name: 'Gao', profileId: student.profileId, locationUpdated: true, professionUpdated: true, changes: { location: 'Vancouver, BC, Canada', profession: 'High School Student' } },
  });
  expect(await profile(student)).toMatchObject({ location: 'Vancouver, BC, Canada', profession: 'High School Student' });
});

it('enhance-profiles: the smart run takes only members lacking AI text or a vector; the forced run everyone', async () => {
  const bare = await makeProfile(t, { name: 'Bea', enhanced_background: null, interests: ['Hiking'] }, { embed: false });
  const done = await makeProfile(t, { name: 'Dan', enhanced_background: 'Dan is a student who loves chess.' });
  const { items } = await twice('enhance-profiles');
  expect(items.find((i) => i.key === bare.profileId)).toMatchObject({ status: 'succeeded', result: { name: 'Bea', backgroundGenerated: true, embeddingGenerated: true } });
  expect(items.find((i) => i.key === done.profileId)).toBeUndefined();
  expect((await profile(bare)).enhanced_background).toMatch(/^Bea is .*Hiking/i);

  const forced = await t.ctx.jobs.run('enhance-profiles', { force: true });
  expect(forced.options).toEqual({ force: true });
  const forcedItems = await t.ctx.jobs.items(forced.id);
  expect(forcedItems.map((i) => i.key)).toEqual(expect.arrayContaining([bare.profileId, done.profileId]));
  // The background is rewritten from what the profile says; the member's own bio is never touched.
  expect((await profile(done)).enhanced_background).toMatch(/^Dan is /);
});

it('regenerate-embeddings embeds only what is stale (one query finds it), and --force embeds everyone', async () => {
  const current = await makeProfile(t, { name: 'Cal', bio: 'Board games.' });
  const stale = await makeProfile(t, { name: 'Sid', bio: 'Chess and tea.' });
  await t.ctx.db.updateTable('profiles').set({ bio: 'Now mostly climbing.' }).where('id', '=', stale.profileId).execute();
  const { items } = await twice('regenerate-embeddings');
  expect(items.find((i) => i.key === stale.profileId)).toMatchObject({ status: 'succeeded', result: { name: 'Sid', outcome: 'embedded' } });
  // A current vector is not even planned: the nightly pass over current members is one query.
  expect(items.map((i) => i.key)).not.toContain(current.profileId);

  const forced = await t.ctx.jobs.run('regenerate-embeddings', { force: true });
  const forcedItems = await t.ctx.jobs.items(forced.id);
  expect(forcedItems.find((i) => i.key === current.profileId)).toMatchObject({ status: 'succeeded', result: { outcome: 'embedded' } });
  expect(forced).toMatchObject({ state: 'completed', failed: 0, skipped: 0, total: forcedItems.length, succeeded: forcedItems.length });
});
