import request from 'supertest';

import { signedInMember, type SignedInMember } from '../../../test/members.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

// Inbox control (issue 34): the member chooses who may start a conversation with them; messages
// and introductions ask before delivering, and a refused sender learns nothing else.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NOT_ACCEPTING = { status: 403, code: 'not_accepting_conversations', message: 'This member is not accepting new conversations right now' };
const choose = (m: SignedInMember, startConversations: string) => m.agent.put('/api/account/inbox').send({ startConversations });
const write = (from: SignedInMember, to: SignedInMember, subject = 'Hello') => from.agent.post('/api/messages').send({ to: to.mailbox, subject, content: 'Coffee?' });
const introduce = (from: SignedInMember, to: SignedInMember) => from.agent.post('/api/introductions').send({ recipientUserId: to.userId });
const refusal = (res: request.Response) => ({ status: res.status, code: res.body.error?.code, message: res.body.error?.message });
const stored = async (recipientId: string) => Number((await t.ctx.db.selectFrom('messages').select((eb) => eb.fn.countAll<string>().as('n')).where('recipient_id', '=', recipientId).executeTakeFirstOrThrow()).n);
const verify = (m: SignedInMember) => t.ctx.db.updateTable('users').set({ campus_verified_at: new Date() }).where('id', '=', m.userId).execute();

it('asks for sign-in, reads and keeps the choice, and refuses an unknown one in plain words', async () => {
  await request(t.app).get('/api/account/inbox').expect(401);
  await request(t.app).put('/api/account/inbox').send({ startConversations: 'liked' }).expect(401);
  const ana = await signedInMember(t, 'Ana Lee');
  expect((await ana.agent.get('/api/account/inbox').expect(200)).body).toEqual({ startConversations: 'everyone' });
  expect((await choose(ana, 'verified').expect(200)).body).toEqual({ startConversations: 'verified' });
  expect((await ana.agent.get('/api/account/inbox').expect(200)).body).toEqual({ startConversations: 'verified' });
  const bad = await choose(ana, 'friends').expect(400);
  expect(bad.body.error.message).toContain('startConversations must be one of everyone, liked, verified');
  await ana.agent.put('/api/account/inbox').send({ startConversations: 'liked', userId: 'someone-else' }).expect(400);
  expect((await ana.agent.get('/api/account/inbox').expect(200)).body).toEqual({ startConversations: 'verified' });
});

it('"only members I liked": others are refused for messages and introductions, and nothing is stored; a liked member gets through', async () => {
  const cy = await signedInMember(t, 'Cy Park');
  const dee = await signedInMember(t, 'Dee Ode');
  const eli = await signedInMember(t, 'Eli Sun');
  await choose(cy, 'liked').expect(200);
  expect(refusal(await write(dee, cy))).toEqual(NOT_ACCEPTING);
  expect(refusal(await introduce(dee, cy))).toEqual(NOT_ACCEPTING);
  expect(await stored(cy.userId)).toBe(0);

  await cy.agent.put(`/api/likes/${eli.profileId}`).expect(200);
  // The introduction first: a message today would make it "already introduced".
  await introduce(eli, cy).expect(201);
  await write(eli, cy).expect(201);
  expect(await stored(cy.userId)).toBe(2);
});

it('"only campus-verified members": a verified sender gets through, others do not', async () => {
  const fay = await signedInMember(t, 'Fay Roe');
  const gus = await signedInMember(t, 'Gus Ito');
  await choose(fay, 'verified').expect(200);
  expect(refusal(await write(gus, fay))).toEqual(NOT_ACCEPTING);
  await verify(gus);
  await write(gus, fay).expect(201);
});

it('a conversation the member took part in goes on whatever they chose since', async () => {
  const hal = await signedInMember(t, 'Hal Fox');
  const ivy = await signedInMember(t, 'Ivy Lam');
  await write(hal, ivy).expect(201);
  await write(ivy, hal, 'Re: Hello').expect(201);
  await choose(hal, 'verified').expect(200);
  await write(ivy, hal, 'Re: Re: Hello').expect(201);
  // Ivy wrote first but Hal never answered a newcomer who now writes: only Hal's own part counts.
  const jo = await signedInMember(t, 'Jo Kay');
  await write(jo, hal).expect(403);
  await write(hal, jo).expect(201);
  await write(jo, hal, 'Re: Hello').expect(201);
});

it('a blocked sender is refused as any other sender would be, and the block is not told', async () => {
  const kim = await signedInMember(t, 'Kim Ono');
  const lou = await signedInMember(t, 'Lou Ray');
  await kim.agent.post('/api/blocks').send({ profileId: lou.profileId }).expect((res) => expect(res.status).toBeLessThan(300));
  // With "everyone", the blocked sender's mail is withheld and they are answered as usual.
  await write(lou, kim).expect(201);
  await choose(kim, 'liked').expect(200);
  expect(refusal(await write(lou, kim))).toEqual(NOT_ACCEPTING);
});

it('a mutual weekly hello still introduces both: both asked for it', async () => {
  const mo = await signedInMember(t, 'Mo Diaz');
  const ned = await signedInMember(t, 'Ned Ueda');
  await choose(mo, 'liked').expect(200);
  await t.ctx.db.transaction().execute(async (trx) => {
    await t.ctx.services.introductions.introduceIn(trx, ned.userId, mo.userId, { sameDay: 'skip', mutual: true });
  });
  expect(await stored(mo.userId)).toBe(1);
});
