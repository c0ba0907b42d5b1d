import request from 'supertest';

import { agentFor, signUp, uniqueEmail, type Agent } from '../../../test/auth-helpers.js';
import { createTestApp, TestClock, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
const clock = new TestClock();
beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());

const basic = { name: 'Ana Lee', birthDate: '2004-03-10', location: 'Vancouver', gender: 'female', profession: 'student', relationshipStatus: 'single_straight' };

interface Member {
  agent: Agent;
  userId: string;
  profileId: string;
}

async function member(name = 'Ana Lee'): Promise<Member> {
  const agent = agentFor(t);
  await signUp(t, agent, uniqueEmail('likes'));
  const profile = await agent.put('/api/profile/basic').send({ ...basic, name }).expect(200);
  return { agent, userId: profile.body.user_id as string, profileId: profile.body.id as string };
}

const deleteAccount = (userId: string) => t.ctx.db.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', userId).execute();

it('asks for sign-in on every route', async () => {
  const id = '00000000-0000-4000-8000-000000000000';
  await request(t.app).get('/api/likes').expect(401);
  await request(t.app).get(`/api/likes/${id}`).expect(401);
  await request(t.app).put(`/api/likes/${id}`).expect(401);
  await request(t.app).delete(`/api/likes/${id}`).expect(401);
});

it('likes and unlikes a profile, idempotently, and lists the likes newest first', async () => {
  const ana = await member('Ana Lee');
  const bo = await member('Bo Chen');
  const cy = await member('Cy Diaz');
  expect((await ana.agent.get(`/api/likes/${bo.profileId}`).expect(200)).body).toEqual({ liked: false });

  expect((await ana.agent.put(`/api/likes/${bo.profileId}`).expect(200)).body).toEqual({ liked: true });
  expect((await ana.agent.put(`/api/likes/${bo.profileId}`).expect(200)).body).toEqual({ liked: true });
  await ana.agent.put(`/api/likes/${cy.profileId}`).expect(200);
  expect((await ana.agent.get(`/api/likes/${bo.profileId}`).expect(200)).body).toEqual({ liked: true });

  const list = (await ana.agent.get('/api/likes').expect(200)).body.likes;
  expect(list).toHaveLength(2);
  expect(list.map((l: { name: string }) => l.name).sort()).toEqual(['Bo Chen', 'Cy Diaz']);
  expect(list.find((l: { name: string }) => l.name === 'Bo Chen')).toEqual({
    profileId: bo.profileId,
    userId: bo.userId,
    name: 'Bo Chen',
    age: expect.any(Number),
    location: expect.stringContaining('Vancouver'),
    avatarUrl: null,
    isVip: false,
    likedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
  });

  expect((await ana.agent.delete(`/api/likes/${bo.profileId}`).expect(200)).body).toEqual({ liked: false });
  expect((await ana.agent.delete(`/api/likes/${bo.profileId}`).expect(200)).body).toEqual({ liked: false });
  expect((await ana.agent.get('/api/likes').expect(200)).body.likes.map((l: { profileId: string }) => l.profileId)).toEqual([cy.profileId]);
});

it('shows VIP by the VIP rule (an expired VIP is not VIP)', async () => {
  const ana = await member();
  const vip = await member('Vi P');
  const expired = await member('Ex Pired');
  await t.ctx.db.updateTable('profiles').set({ is_vip: true, vip_expires_at: null }).where('id', '=', vip.profileId).execute();
  await t.ctx.db.updateTable('profiles').set({ is_vip: true, vip_expires_at: new Date(clock.now().getTime() - 1000) }).where('id', '=', expired.profileId).execute();
  await ana.agent.put(`/api/likes/${vip.profileId}`).expect(200);
  await ana.agent.put(`/api/likes/${expired.profileId}`).expect(200);
  const list = (await ana.agent.get('/api/likes').expect(200)).body.likes as Array<{ profileId: string; isVip: boolean }>;
  expect(Object.fromEntries(list.map((l) => [l.profileId, l.isVip]))).toEqual({ [vip.profileId]: true, [expired.profileId]: false });
});

it('refuses liking yourself (400) and unknown or malformed profiles (404)', async () => {
  const ana = await member();
  const self = await ana.agent.put(`/api/likes/${ana.profileId}`).expect(400);
  expect(self.body.error.code).toBe('cannot_like_self');
  const unknown = await ana.agent.put('/api/likes/00000000-0000-4000-8000-000000000000').expect(404);
  expect(unknown.body.error.code).toBe('profile_not_found');
  await ana.agent.get('/api/likes/00000000-0000-4000-8000-000000000000').expect(404);
  await ana.agent.put('/api/likes/not-a-uuid').expect(404);
  await ana.agent.get('/api/likes/not-a-uuid').expect(404);
});

it('hides profiles of deleted accounts and refuses to like them', async () => {
  const ana = await member();
  const gone = await member('Gone Soon');
  await ana.agent.put(`/api/likes/${gone.profileId}`).expect(200);
  await deleteAccount(gone.userId);
  expect((await ana.agent.get('/api/likes').expect(200)).body.likes).toEqual([]);
  await ana.agent.get(`/api/likes/${gone.profileId}`).expect(404);
  await ana.agent.put(`/api/likes/${gone.profileId}`).expect(404);
  // Unliking still works (it only removes the member's own row).
  await ana.agent.delete(`/api/likes/${gone.profileId}`).expect(200);
});

it("acts only on the member's own likes (no IDOR)", async () => {
  const ana = await member();
  const bo = await member('Bo Chen');
  const cy = await member('Cy Diaz');
  await ana.agent.put(`/api/likes/${cy.profileId}`).expect(200);
  // Bo sees none of Ana's likes, and unliking Cy removes only Bo's (absent) like.
  expect((await bo.agent.get('/api/likes').expect(200)).body.likes).toEqual([]);
  expect((await bo.agent.get(`/api/likes/${cy.profileId}`).expect(200)).body).toEqual({ liked: false });
  await bo.agent.delete(`/api/likes/${cy.profileId}`).expect(200);
  expect((await ana.agent.get(`/api/likes/${cy.profileId}`).expect(200)).body).toEqual({ liked: true });
});

it('keeps exactly one row under 50 parallel likes', async () => {
  const ana = await member();
  const bo = await member('Bo Chen');
  const results = await Promise.all(Array.from({ length: 50 }, () => ana.agent.put(`/api/likes/${bo.profileId}`)));
  expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
  const rows = await t.ctx.db.selectFrom('liked_profiles').selectAll().where('user_id', '=', ana.userId).execute();
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ liked_profile_id: bo.profileId, liked_user_id: bo.userId });
});

const likedIds = async (m: Member) => ((await m.agent.get('/api/likes').expect(200)).body.likes as { profileId: string }[]).map((l) => l.profileId);

it('answers either member of a blocked pair as it answers a profile that does not exist', async () => {
  const ana = await member('Ana Lee');
  const bo = await member('Bo Chen');
  await bo.agent.put(`/api/likes/${ana.profileId}`).expect(200);
  const unknown = (await bo.agent.get('/api/likes/00000000-0000-4000-8000-000000000000').expect(404)).body;
  await ana.agent.post('/api/blocks').send({ profileId: bo.profileId }).expect(201);

  expect((await bo.agent.get(`/api/likes/${ana.profileId}`).expect(404)).body).toEqual(unknown);
  expect((await ana.agent.get(`/api/likes/${bo.profileId}`).expect(404)).body).toEqual(unknown);
  expect((await bo.agent.put(`/api/likes/${ana.profileId}`).expect(404)).body).toEqual(unknown);
  expect((await ana.agent.put(`/api/likes/${bo.profileId}`).expect(404)).body).toEqual(unknown);
  // Removing one's own like stays possible (it says nothing about anyone).
  await bo.agent.delete(`/api/likes/${ana.profileId}`).expect(200, { liked: false });
});

it('keeps a hidden profile from strangers, and shows it to members already in conversation with it', async () => {
  const ana = await member('Ana Lee');
  const bo = await member('Bo Chen');
  const cy = await member('Cy Park');
  await ana.agent.put(`/api/likes/${bo.profileId}`).expect(200);
  await cy.agent.put(`/api/likes/${bo.profileId}`).expect(200);
  await t.ctx.db.insertInto('messages').values({ sender_id: bo.userId, sender_email: 'bo@kindred.local', recipient_id: cy.userId, recipient_email: 'cy@kindred.local', subject: 'Hi', content: 'Hello' }).execute();
  await t.ctx.db.updateTable('profiles').set({ hidden_at: new Date() }).where('user_id', '=', bo.userId).execute();

  await ana.agent.get(`/api/likes/${bo.profileId}`).expect(404);
  await ana.agent.put(`/api/likes/${bo.profileId}`).expect(404);
  expect(await likedIds(ana)).toEqual([]);
  await cy.agent.get(`/api/likes/${bo.profileId}`).expect(200, { liked: true });
  expect(await likedIds(cy)).toEqual([bo.profileId]);

  await t.ctx.db.updateTable('profiles').set({ hidden_at: null }).where('user_id', '=', bo.userId).execute();
  expect(await likedIds(ana)).toEqual([bo.profileId]);
});
