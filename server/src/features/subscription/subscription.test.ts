import request from 'supertest';

import { agentFor, signUp, uniqueEmail, type Agent } from '../../../test/auth-helpers.js';
import { createTestApp, TestClock, type TestApp } from '../../../test/test-app.js';
import { addMonths } from './subscription.service.js';

let t: TestApp;
const clock = new TestClock();
beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());

const basic = { name: 'Ana Lee', birthDate: '2004-03-10', location: 'Vancouver', gender: 'female', profession: 'student', relationshipStatus: 'single_straight' };

async function member(): Promise<{ agent: Agent; userId: string }> {
  const agent = agentFor(t);
  await signUp(t, agent, uniqueEmail('sub'));
  await agent.put('/api/profile/basic').send(basic).expect(200);
  const session = await agent.get('/api/auth/session').expect(200);
  return { agent, userId: session.body.user.id as string };
}

it('adds calendar months in UTC, clamping to the end of shorter months', () => {
  expect(addMonths(new Date('2026-08-31T10:00:00Z'), 6).toISOString()).toBe('2027-02-28T10:00:00.000Z');
  expect(addMonths(new Date('2027-08-31T10:00:00Z'), 6).toISOString()).toBe('2028-02-29T10:00:00.000Z');
  expect(addMonths(new Date('2026-11-22T00:00:00Z'), 6).toISOString()).toBe('2027-05-22T00:00:00.000Z');
});

it('reports no subscription, and whether speech runs, in the session', async () => {
  const { agent } = await member();
  const session = await agent.get('/api/auth/session').expect(200);
  expect(session.body.subscription).toEqual({ subscribed: false, premiumType: null, subscriptionEnd: null, plan: null, renews: false, canManage: false, paymentsConfigured: false, searchAllowance: 10000 });
  expect(session.body.features).toEqual({ speech: false, passwordSignIn: true, campusSignIn: null, signupEmailDomains: null });
  const anonymous = await request(t.app).get('/api/auth/session').expect(200);
  expect(anonymous.body.subscription).toEqual({ subscribed: false, premiumType: null, subscriptionEnd: null, plan: null, renews: false, canManage: false, paymentsConfigured: false, searchAllowance: 10000 });
  await request(t.app).get('/api/subscription').expect(401);
});

it('gives the first 5,000 members six months of premium once, and it runs out', async () => {
  const { agent, userId } = await member();
  const subscription = t.ctx.services.subscription;
  expect(await subscription.grantEarlyUserGift(userId)).toBe(true);
  expect(await subscription.grantEarlyUserGift(userId)).toBe(false);

  const end = addMonths(clock.now(), 6).toISOString();
  const status = { subscribed: true, premiumType: 'early_user', subscriptionEnd: end, plan: null, renews: false, canManage: false, paymentsConfigured: false, searchAllowance: null };
  expect((await agent.get('/api/auth/session').expect(200)).body.subscription).toEqual(status);
  expect((await agent.get('/api/subscription').expect(200)).body).toEqual(status);

  // Past the end (the session itself would have ended by then, so ask the service).
  clock.advance(200 * 86_400_000);
  try {
    expect(await subscription.status(userId)).toEqual({ subscribed: false, premiumType: null, subscriptionEnd: null, plan: null, renews: false, canManage: false, paymentsConfigured: false, searchAllowance: 10000 });
    expect(await subscription.grantEarlyUserGift(userId)).toBe(false);
  } finally {
    clock.advance(-200 * 86_400_000);
  }
});

it('does not give the gift past the 5,000th member', async () => {
  const { userId } = await member();
  await t.ctx.db.updateTable('profiles').set({ registration_order: 5001 }).where('user_id', '=', userId).execute();
  expect(await t.ctx.services.subscription.grantEarlyUserGift(userId)).toBe(false);
  const row = await t.ctx.db.selectFrom('profiles').select(['is_vip', 'premium_type']).where('user_id', '=', userId).executeTakeFirstOrThrow();
  expect(row).toEqual({ is_vip: false, premium_type: null });
});
