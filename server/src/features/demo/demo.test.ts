import { readdir } from 'node:fs/promises';
import path from 'node:path';

import request from 'supertest';

import { agentFor, signUp, uniqueEmail } from '../../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { keyFromUrl, newKey, variantKey } from '../../storage/storage.js';
import { isoDay } from '../profiles/age.js';
import { generateDemoMembers } from './demo.generator.js';
import type { DemoService } from './index.js';

let t: TestApp;
let demo: DemoService;
const SEED = 'demo-test';

beforeAll(async () => {
  t = await createTestApp();
  demo = t.ctx.services.demo;
});
afterAll(() => t.close());

const uploads = () => readdir(path.join(t.dataDir, 'uploads')).catch(() => [] as string[]);
const sampleProfiles = () => t.ctx.db.selectFrom('profiles').selectAll().where('is_sample', '=', true).orderBy('mailbox_address').execute();

it('offers a sample community on an empty database, not once there is one', async () => {
  expect(await demo.firstStartHint()).toMatch(/npm run cli -- seed --demo 200/);
});

it('adds complete, embedded sample members with their moments, and removes exactly them', async () => {
  // A real member first: complete, with a file of their own in storage.
  const agent = agentFor(t);
  const realEmail = uniqueEmail('real');
  await signUp(t, agent, realEmail);
  await agent
    .put('/api/profile/basic')
    .send({ name: 'Real Person', birthDate: '2003-01-02', location: 'Vancouver', gender: 'female', profession: 'student', relationshipStatus: 'single_straight' })
    .expect(200);
  const realFile = await t.ctx.storage.save(newKey('png'), Buffer.from('not really a png'));
  await t.ctx.db.updateTable('profiles').set({ bio: 'Hi there', avatar_url: realFile.url }).where('name', '=', 'Real Person').execute();
  const realBefore = await t.ctx.db.selectFrom('profiles').selectAll().where('name', '=', 'Real Person').executeTakeFirstOrThrow();

  const progress: number[] = [];
  const result = await demo.seed(20, { seed: SEED, batchSize: 8, onProgress: (p) => progress.push(p.done) });
  expect(result).toMatchObject({ created: 20, first: 1, last: 20, embedded: 20 });
  expect(progress).toEqual([8, 16, 20]);
  expect(await demo.firstStartHint()).toBeNull();

  const profiles = await sampleProfiles();
  expect(profiles).toHaveLength(20);
  const expected = generateDemoMembers(SEED, 1, 20, isoDay(t.ctx.clock.now()));
  expect(profiles.map((p) => p.name).sort()).toEqual(expected.map((m) => m.name).sort());

  const users = await t.ctx.db.selectFrom('users').select(['id', 'email', 'password_hash', 'email_confirmed_at']).where('id', 'in', profiles.map((p) => p.user_id)).execute();
  expect(users.map((u) => u.email).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `demo+${i + 1}@${t.ctx.config.mailDomain}`).sort());
  for (const u of users) expect(u.email_confirmed_at).not.toBeNull();

  for (const p of profiles) {
    for (const field of ['name', 'bio', 'location', 'gender', 'birth_date', 'relationship_status', 'profession', 'enhanced_background', 'user_code', 'mailbox_address'] as const) {
      expect(p[field]).toBeTruthy();
    }
    expect(p.age).toBeGreaterThanOrEqual(18);
    expect(p.age).toBeLessThanOrEqual(35);
    expect(p.location!.split(', ')).toHaveLength(3);
    expect(p.registration_order).toBeNull();
    expect(p.interests.length).toBeGreaterThanOrEqual(3);
    if (p.relationship_status === 'not_single') expect(p.looking_for).not.toContain('partner');
    expect(p.card_type === 'image' ? p.card_image_url : p.card_text).toBeTruthy();
  }

  const embeddings = await t.ctx.db.selectFrom('profile_embeddings').select('profile_id').where('profile_id', 'in', profiles.map((p) => p.id)).execute();
  expect(new Set(embeddings.map((e) => e.profile_id)).size).toBe(20);

  const moments = await t.ctx.db.selectFrom('user_moments').selectAll().where('user_id', 'in', profiles.map((p) => p.user_id)).execute();
  expect(moments.every((m) => m.is_sample)).toBe(true);
  expect(moments.filter((m) => m.is_first_moment)).toHaveLength(20);
  expect(moments.length).toBe(result.moments);

  // Every picture is served like an upload, with its thumbnail.
  const images = moments.filter((m) => m.moment_type === 'image');
  expect(images.length).toBeGreaterThan(0);
  for (const m of images) {
    const key = keyFromUrl(m.image_url!)!;
    const res = await request(t.app).get(m.image_url!).expect(200);
    expect(res.headers['content-type']).toBe('image/webp');
    await request(t.app).get(`/uploads/${variantKey(key, 'thumb')}`).expect(200);
  }
  const firstImage = profiles.find((p) => p.card_type === 'image')!;
  expect(moments.find((m) => m.is_first_moment && m.user_id === firstImage.user_id)!.image_url).toBe(firstImage.card_image_url);
  expect((await uploads()).length).toBe(images.length * 2 + 1);

  // Samples cannot sign in.
  await request(t.app).post('/api/auth/login').send({ email: users[0]!.email, password: users[0]!.password_hash }).expect((res) => expect(res.status).not.toBe(200));

  // More samples continue the numbering with new people.
  const more = await demo.seed(2, { seed: SEED });
  expect(more).toMatchObject({ first: 21, last: 22 });

  const removed = await demo.removeAll();
  expect(removed.members).toBe(22);
  expect(await sampleProfiles()).toHaveLength(0);
  expect(await t.ctx.db.selectFrom('user_moments').select('id').where('is_sample', '=', true).execute()).toHaveLength(0);
  expect(await t.ctx.db.selectFrom('users').select('id').where('email', 'like', 'demo+%').execute()).toHaveLength(0);
  expect(await uploads()).toEqual([realFile.key]);

  const realAfter = await t.ctx.db.selectFrom('profiles').selectAll().where('name', '=', 'Real Person').executeTakeFirstOrThrow();
  expect(realAfter).toEqual(realBefore);
  expect(await t.ctx.db.selectFrom('users').select('id').where('email', '=', realEmail).execute()).toHaveLength(1);

  // Idempotent.
  expect(await demo.removeAll()).toEqual({ members: 0, files: 0 });
  // A complete real member is someone to search: no offer.
  expect(await demo.firstStartHint()).toBeNull();
});

it('refuses counts outside 1–10000', async () => {
  await expect(demo.seed(0)).rejects.toThrow(/from 1 to 10000/);
  await expect(demo.seed(10_001)).rejects.toThrow(/from 1 to 10000/);
  await expect(demo.seed(2.5)).rejects.toThrow(/from 1 to 10000/);
});
