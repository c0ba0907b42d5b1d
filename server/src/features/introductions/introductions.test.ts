import request from 'supertest';

import { agentFor, signUp, uniqueEmail } from '../../../test/auth-helpers.js';
import { BASIC_INFO as basic, type SignedInMember, signedInMember } from '../../../test/members.js';
import { createTestApp, TestClock, type TestApp } from '../../../test/test-app.js';
import { introductionContent } from './introductions.schema.js';

let t: TestApp;
const clock = new TestClock();
beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());

type Member = SignedInMember;
const member = (name: string) => signedInMember(t, name, 'intro');

const introduce = (from: Member, to: string) => from.agent.post('/api/introductions').send({ recipientUserId: to });
const deleteAccount = (userId: string) => t.ctx.db.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', userId).execute();

it('asks for sign-in', async () => {
  await request(t.app).post('/api/introductions').send({ recipientUserId: '00000000-0000-4000-8000-000000000000' }).expect(401);
  await request(t.app).get('/api/messages?box=inbox').expect(401);
});

it('delivers an introduction to the recipient’s mailbox, from the sender’s, made of the sender’s facts', async () => {
  const ana = await member('Ana Lee');
  const bo = await member('Bo Chen');
  await t.ctx.db.updateTable('profiles').set({ interests: ['hiking', 'pottery'], looking_for: ['friend'], bio: 'I like long walks.' }).where('user_id', '=', ana.userId).execute();

  const res = await introduce(ana, bo.userId).expect(201);
  expect(res.body).toEqual({ id: expect.any(String), recipientUserId: bo.userId, subject: 'Ana Lee would like to meet you', content: expect.any(String), createdAt: expect.any(String) });
  const content = res.body.content as string;
  expect(content).toContain('Hi Bo Chen,');
  expect(content).toContain('Interests: hiking, pottery');
  expect(content).toContain('Looking for: friends');
  expect(content).toContain('In their own words: I like long walks.');
  expect(content).toContain(`To reply, write to ${ana.mailbox}.`);

  const inbox = (await bo.agent.get('/api/messages?box=inbox').expect(200)).body.messages;
  expect(inbox).toEqual([
    {
      id: res.body.id,
      senderEmail: ana.mailbox,
      recipientEmail: bo.mailbox,
      subject: 'Ana Lee would like to meet you',
      content,
      isRead: false,
      createdAt: res.body.createdAt,
      counterpart: { address: ana.mailbox, name: 'Ana Lee', avatarUrl: null, profileId: ana.profileId },
    },
  ]);
  // The sender's inbox does not hold it (no IDOR through the inbox).
  expect((await ana.agent.get('/api/messages?box=inbox').expect(200)).body.messages).toEqual([]);
});

it('says only what the profile holds', () => {
  const text = introductionContent({ name: 'Cy', age: null, location: null, profession: null, interests: [], looking_for: [], bio: null, mailbox_address: 'cy1234@kindred.local' }, null, 'Kindred');
  expect(text).toBe('Hi there,\n\nCy would like to meet you on Kindred.\n\nTo reply, write to cy1234@kindred.local.');
});

it('refuses self (400), unknown and deleted recipients (404) and a malformed id (400)', async () => {
  const ana = await member('Ana Lee');
  const gone = await member('Gus Gone');
  expect((await introduce(ana, ana.userId).expect(400)).body.error.code).toBe('cannot_introduce_self');
  expect((await introduce(ana, '00000000-0000-4000-8000-000000000000').expect(404)).body.error.code).toBe('member_not_found');
  await deleteAccount(gone.userId);
  await introduce(ana, gone.userId).expect(404);
  expect((await ana.agent.post('/api/introductions').send({ recipientUserId: 'nope' }).expect(400)).body.error.code).toBe('validation_failed');
  await ana.agent.post('/api/introductions').send({}).expect(400);
});

it('refuses a second introduction to the same member within 24 hours, also when sent at once', async () => {
  const ana = await member('Ana Lee');
  const bo = await member('Bo Chen');
  const parallel = await Promise.all([introduce(ana, bo.userId), introduce(ana, bo.userId), introduce(ana, bo.userId)]);
  expect(parallel.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  expect(parallel.find((r) => r.status === 409)!.body.error.code).toBe('already_introduced');
  // Bo may still introduce himself to Ana.
  await introduce(bo, ana.userId).expect(201);

  clock.advance(25 * 60 * 60 * 1000);
  try {
    await introduce(ana, bo.userId).expect(201);
  } finally {
    clock.advance(-25 * 60 * 60 * 1000);
  }
  expect((await bo.agent.get('/api/messages?box=inbox').expect(200)).body.messages).toHaveLength(2);
});

it('needs the sender’s basic information', async () => {
  const bo = await member('Bo Chen');
  const agent = agentFor(t);
  await signUp(t, agent, uniqueEmail('nobasic'));
  const res = await agent.post('/api/introductions').send({ recipientUserId: bo.userId }).expect(409);
  expect(res.body.error.code).toBe('basic_info_required');
});

it('hides messages from deleted accounts in the inbox', async () => {
  const ana = await member('Ana Lee');
  const bo = await member('Bo Chen');
  await introduce(ana, bo.userId).expect(201);
  await deleteAccount(ana.userId);
  expect((await bo.agent.get('/api/messages?box=inbox').expect(200)).body.messages).toEqual([]);
});

it('is rate-limited per member', async () => {
  const limited = await createTestApp({ RATE_LIMIT_SEARCH_USER: '2/1h' }, { clock });
  try {
    const agent = agentFor(limited);
    await signUp(limited, agent, uniqueEmail('limit'));
    await agent.put('/api/profile/basic').send(basic).expect(200);
    const id = '00000000-0000-4000-8000-000000000000';
    await agent.post('/api/introductions').send({ recipientUserId: id }).expect(404);
    await agent.post('/api/introductions').send({ recipientUserId: id }).expect(404);
    const third = await agent.post('/api/introductions').send({ recipientUserId: id }).expect(429);
    expect(third.headers['retry-after']).toBeDefined();
  } finally {
    await limited.close();
  }
});

const storedBetween = async (a: Member, b: Member) =>
  (await t.ctx.db.selectFrom('messages').select('id').where((eb) => eb.or([eb.and([eb('sender_id', '=', a.userId), eb('recipient_id', '=', b.userId)]), eb.and([eb('sender_id', '=', b.userId), eb('recipient_id', '=', a.userId)])])).execute()).length;

it('refuses an introduction either way across a block, as it answers a member who does not exist, and stores nothing', async () => {
  const ana = await member('Ana Lee');
  const bo = await member('Bo Chen');
  const unknown = (await introduce(ana, '00000000-0000-4000-8000-000000000000').expect(404)).body;
  await ana.agent.post('/api/blocks').send({ profileId: bo.profileId }).expect(201);

  expect((await introduce(bo, ana.userId).expect(404)).body).toEqual(unknown); // the blocked member
  expect((await introduce(ana, bo.userId).expect(404)).body).toEqual(unknown); // the blocker
  expect(unknown.error).toEqual({ code: 'member_not_found', message: 'Member not found.' });
  expect(await storedBetween(ana, bo)).toBe(0);

  // Lifting the block shows nothing that was refused meanwhile.
  await ana.agent.delete(`/api/blocks/${bo.profileId}`).expect(200);
  expect((await ana.agent.get('/api/messages?box=inbox').expect(200)).body.messages).toEqual([]);
  await introduce(bo, ana.userId).expect(201);
});

it('keeps a hidden profile from strangers, and a hidden member from introducing themself', async () => {
  const ana = await member('Ana Lee');
  const bo = await member('Bo Chen');
  const cy = await member('Cy Park');
  await introduce(cy, bo.userId).expect(201); // Cy and Bo are in conversation
  await t.ctx.db.updateTable('profiles').set({ hidden_at: new Date() }).where('user_id', '=', bo.userId).execute();

  expect((await introduce(ana, bo.userId).expect(404)).body.error.code).toBe('member_not_found');
  const refused = await introduce(bo, ana.userId).expect(403);
  expect(refused.body.error).toEqual({ code: 'profile_hidden', message: 'Your profile is hidden while a report is reviewed, so you cannot start new conversations.' });
  // An introduction always starts something new: not even to a member already in conversation.
  await introduce(bo, cy.userId).expect(403);
  expect(await storedBetween(ana, bo)).toBe(0);
});
