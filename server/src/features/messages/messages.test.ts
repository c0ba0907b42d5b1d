import pino from 'pino';
import request from 'supertest';

import { mailsTo, parseEml } from '../../../test/outbox.js';
import { signedInMember, type SignedInMember } from '../../../test/members.js';
import { startTestSmtp } from '../../../test/smtp.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createMailer } from '../../mail/mailer.js';
import { MessagesRepository } from './messages.repository.js';
import { MessagesService } from './messages.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const send = (from: SignedInMember, body: Record<string, unknown>) => from.agent.post('/api/messages').send(body);
const inbox = async (m: SignedInMember) => (await m.agent.get('/api/messages?box=inbox').expect(200)).body;
const sent = async (m: SignedInMember) => (await m.agent.get('/api/messages?box=sent').expect(200)).body;
const notifications = async (m: SignedInMember) => (await mailsTo(t.dataDir, m.email)).filter((mail) => mail.subject.startsWith('New message'));
const storedCount = async () => Number((await t.ctx.db.selectFrom('messages').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

it('asks for sign-in on every route', async () => {
  const anyId = '00000000-0000-4000-8000-000000000000';
  await request(t.app).get('/api/messages?box=inbox').expect(401);
  await request(t.app).get('/api/messages/unread-count').expect(401);
  await request(t.app).post('/api/messages').send({ to: 'a@kindred.local', subject: 's', content: 'c' }).expect(401);
  await request(t.app).post(`/api/messages/${anyId}/read`).expect(401);
});

it('delivers a message: Inbox of the recipient, Sent of the sender, unread until the recipient opens it', async () => {
  const ana = await signedInMember(t, 'Ana Lee');
  const bo = await signedInMember(t, 'Bo Chen');
  const res = await send(ana, { to: bo.mailbox.toUpperCase(), subject: '  Coffee? ', content: 'Hi Bo,\r\nfancy a coffee?\n' }).expect(201);
  expect(res.body).toMatchObject({ senderEmail: ana.mailbox, recipientEmail: bo.mailbox, subject: 'Coffee?', content: 'Hi Bo,\nfancy a coffee?', isRead: false });
  expect(res.headers['cache-control']).toBe('no-store');

  const boInbox = await inbox(bo);
  expect(boInbox).toMatchObject({ box: 'inbox', address: bo.mailbox, unreadCount: 1, nextCursor: null });
  expect(boInbox.messages).toEqual([
    {
      id: res.body.id,
      senderEmail: ana.mailbox,
      recipientEmail: bo.mailbox,
      subject: 'Coffee?',
      content: 'Hi Bo,\nfancy a coffee?',
      isRead: false,
      createdAt: res.body.createdAt,
      counterpart: { address: ana.mailbox, name: 'Ana Lee', avatarUrl: null, profileId: ana.profileId },
    },
  ]);
  expect((await sent(ana)).messages).toEqual([expect.objectContaining({ id: res.body.id, isRead: true, counterpart: { address: bo.mailbox, name: 'Bo Chen', avatarUrl: null, profileId: bo.profileId } })]);
  expect((await inbox(ana)).messages).toEqual([]);
  expect((await sent(bo)).messages).toEqual([]);
  expect((await bo.agent.get('/api/messages/unread-count').expect(200)).body).toEqual({ unreadCount: 1 });

  await bo.agent.post(`/api/messages/${res.body.id}/read`).expect(200, { id: res.body.id, isRead: true });
  expect((await inbox(bo)).unreadCount).toBe(0);
  expect((await bo.agent.get('/api/messages/unread-count').expect(200)).body).toEqual({ unreadCount: 0 });
  // Marking twice is harmless.
  await bo.agent.post(`/api/messages/${res.body.id}/read`).expect(200);
});

it('lets nobody else list, read or mark a member’s mail (IDOR)', async () => {
  const ana = await signedInMember(t, 'Ana Lee');
  const bo = await signedInMember(t, 'Bo Chen');
  const eve = await signedInMember(t, 'Eve Snoop');
  const { body } = await send(ana, { to: bo.mailbox, subject: 'Private', content: 'Only for Bo' }).expect(201);

  // Eve's boxes never show it, whatever she asks for.
  expect(JSON.stringify(await inbox(eve))).not.toContain('Only for Bo');
  expect(JSON.stringify(await sent(eve))).not.toContain('Only for Bo');
  await eve.agent.get('/api/messages?box=inbox&userId=' + bo.userId).expect(400);
  // Neither Eve nor the sender can mark it read; it stays unread for Bo.
  for (const who of [eve, ana]) {
    const res = await who.agent.post(`/api/messages/${body.id}/read`).expect(404);
    expect(res.body.error.code).toBe('message_not_found');
  }
  expect((await inbox(bo)).messages[0].isRead).toBe(false);
  await eve.agent.post('/api/messages/not-a-uuid/read').expect(404);
});

describe('compose validation', () => {
  let ana: SignedInMember;
  let bo: SignedInMember;
  beforeAll(async () => {
    ana = await signedInMember(t, 'Ana Lee');
    bo = await signedInMember(t, 'Bo Chen');
  });

  const missing = 'Recipient, subject and content are all required';
  it.each([
    ['no recipient', () => ({ subject: 'Hi', content: 'Hello' }), 400, missing],
    ['a blank subject', () => ({ to: bo.mailbox, subject: '   ', content: 'Hello' }), 400, missing],
    ['no content', () => ({ to: bo.mailbox, subject: 'Hi' }), 400, missing],
    ['whitespace content', () => ({ to: bo.mailbox, subject: 'Hi', content: '\n\t ' }), 400, missing],
    ['an address of another domain', () => ({ to: 'bo@gmail.com', subject: 'Hi', content: 'Hello' }), 400, 'Please enter a complete Kindred email address (e.g. name1234@kindred.local)'],
    ['a bare name', () => ({ to: 'bochen', subject: 'Hi', content: 'Hello' }), 400, 'Please enter a complete Kindred email address (e.g. name1234@kindred.local)'],
    ['an address nobody has', () => ({ to: 'nobody0000@kindred.local', subject: 'Hi', content: 'Hello' }), 404, 'No member has the address nobody0000@kindred.local. Check it and try again.'],
    ['a subject over 200 characters', () => ({ to: bo.mailbox, subject: 'é'.repeat(201), content: 'Hello' }), 400, 'The subject must be 200 characters or fewer.'],
    ['a message over 10,000 characters', () => ({ to: bo.mailbox, subject: 'Hi', content: 'x'.repeat(10_001) }), 400, 'The message must be 10,000 characters or fewer.'],
    ['an unknown field', () => ({ to: bo.mailbox, subject: 'Hi', content: 'Hello', senderEmail: 'admin@kindred.local' }), 400, undefined],
    ['a non-string recipient', () => ({ to: ['x'], subject: 'Hi', content: 'Hello' }), 400, missing],
  ])('%s is refused and nothing is stored', async (_case, body, status, message) => {
    const before = await storedCount();
    const res = await send(ana, body()).expect(status);
    if (message) expect(res.body.error.message).toBe(message);
    expect(await storedCount()).toBe(before);
  });

  it('takes exactly 200 and 10,000 characters, and strips control characters', async () => {
    const res = await send(ana, { to: bo.mailbox, subject: `a\u0000b${'s'.repeat(197)}`, content: `${'c'.repeat(9_999)}\u0007d` }).expect(201);
    expect(res.body.subject).toBe(`a b${'s'.repeat(197)}`);
    expect(res.body.content).toBe(`${'c'.repeat(9_999)}d`);
  });

  it('stores and returns markup as plain text', async () => {
    const res = await send(ana, { to: bo.mailbox, subject: '<b>hi</b>', content: '<script>alert(1)</script>' }).expect(201);
    const message = (await inbox(bo)).messages.find((m: { id: string }) => m.id === res.body.id);
    expect(message).toMatchObject({ subject: '<b>hi</b>', content: '<script>alert(1)</script>' });
  });

  it('needs the sender’s own mailbox (basic information saved)', async () => {
    const { agentFor, signUp, uniqueEmail } = await import('../../../test/auth-helpers.js');
    const agent = agentFor(t);
    await signUp(t, agent, uniqueEmail('nomailbox'));
    const res = await agent.post('/api/messages').send({ to: bo.mailbox, subject: 'Hi', content: 'Hello' }).expect(409);
    expect(res.body.error).toEqual({ code: 'sender_mailbox_missing', message: 'Your Kindred email not found' });
  });
});

it('pages through thousands of messages newest first, without gaps or repeats', async () => {
  const ana = await signedInMember(t, 'Ana Lee');
  const bo = await signedInMember(t, 'Bo Chen');
  const base = Date.now() - 1_000_000;
  // Several at the same instant: the cursor must still order them by id.
  await t.ctx.db
    .insertInto('messages')
    .values(Array.from({ length: 75 }, (_, i) => ({ sender_id: ana.userId, sender_email: ana.mailbox, recipient_id: bo.userId, recipient_email: bo.mailbox, subject: `n${i}`, content: 'x', created_at: new Date(base + Math.floor(i / 3) * 1000) })) as never)
    .execute();
  const seen: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const path: string = `/api/messages?box=inbox&limit=30${cursor ? `&before=${cursor}` : ''}`;
    const page: { messages: { id: string; createdAt: string }[]; nextCursor: string | null } = (await bo.agent.get(path).expect(200)).body;
    seen.push(...page.messages.map((m) => m.id));
    const times = page.messages.map((m) => m.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    cursor = page.nextCursor;
    pages++;
  } while (cursor);
  expect(pages).toBe(3);
  expect(new Set(seen).size).toBe(75);
  await bo.agent.get('/api/messages?box=inbox&before=garbage').expect(400);
  await bo.agent.get('/api/messages?box=spam').expect(400);
  await bo.agent.get('/api/messages?box=inbox&limit=1000').expect(400);
});

it('hides mail from a deleted account, and a deleted account cannot be written to', async () => {
  const ana = await signedInMember(t, 'Ana Lee');
  const gus = await signedInMember(t, 'Gus Gone');
  await send(gus, { to: ana.mailbox, subject: 'From Gus', content: 'Hello' }).expect(201);
  await t.ctx.db.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', gus.userId).execute();
  expect((await inbox(ana)).messages).toEqual([]);
  expect((await inbox(ana)).unreadCount).toBe(0);
  const res = await send(ana, { to: gus.mailbox, subject: 'Hi', content: 'Hello' }).expect(404);
  expect(res.body.error.code).toBe('recipient_not_found');
});

describe('blocks and hidden profiles', () => {
  it('never tells the blocked member (the blocker is named as before, finding 6); the blocker’s own Sent shows "a member"', async () => {
    const ana = await signedInMember(t, 'Ana Lee');
    const bo = await signedInMember(t, 'Bo Chen');
    await t.ctx.db.updateTable('profiles').set({ avatar_url: '/uploads/0123456789abcdef0123456789abcdef.png' }).where('user_id', '=', ana.userId).execute();
    await send(bo, { to: ana.mailbox, subject: 'Before', content: 'Hi' }).expect(201);
    const before = (await sent(bo)).messages[0].counterpart;
    expect(before).toEqual({ address: ana.mailbox, name: 'Ana Lee', avatarUrl: '/uploads/0123456789abcdef0123456789abcdef.png', profileId: ana.profileId });

    // Ana wrote to Bo before blocking him: her mail stays in his inbox, as anyone's would.
    await send(ana, { to: bo.mailbox, subject: 'From Ana', content: 'Hi Bo' }).expect(201);
    await ana.agent.post('/api/blocks').send({ profileId: bo.profileId }).expect(201);
    // Bo sees an ordinary member who has not answered: named, with her face, in the answer and in Sent.
    const answer = await send(bo, { to: ana.mailbox, subject: 'After', content: 'Hi again' }).expect(201);
    expect(answer.body.counterpart).toEqual(before);
    expect((await sent(bo)).messages.map((m: { subject: string; counterpart: unknown }) => [m.subject, m.counterpart])).toEqual([
      ['After', before],
      ['Before', before],
    ]);
    expect((await inbox(bo)).messages.map((m: { subject: string }) => m.subject)).toEqual(['From Ana']);
    expect((await inbox(bo)).unreadCount).toBe(1);
    // Ana's own view: Bo's mail is gone from her inbox, and her Sent shows him as "a member".
    expect((await inbox(ana)).messages.map((m: { subject: string }) => m.subject)).toEqual([]);
    await send(ana, { to: bo.mailbox, subject: 'From the blocker', content: 'Bye' }).expect(201);
    expect((await sent(ana)).messages[0].counterpart).toEqual({ address: bo.mailbox, name: 'a member', avatarUrl: null, profileId: null });

    await ana.agent.delete(`/api/blocks/${bo.profileId}`).expect(200);
    expect((await sent(ana)).messages[0].counterpart).toMatchObject({ name: 'Bo Chen' });
  });

  it('lets a hidden member answer members they are in conversation with, and start no new conversation', async () => {
    const ana = await signedInMember(t, 'Ana Lee');
    const bo = await signedInMember(t, 'Bo Chen');
    const cy = await signedInMember(t, 'Cy Park');
    await send(ana, { to: bo.mailbox, subject: 'Hello Bo', content: 'Hi' }).expect(201);
    await t.ctx.db.updateTable('profiles').set({ hidden_at: new Date() }).where('user_id', '=', bo.userId).execute();
    const count = await storedCount();

    await send(bo, { to: ana.mailbox, subject: 'Re: Hello Bo', content: 'Hi Ana' }).expect(201);
    const refused = await send(bo, { to: cy.mailbox, subject: 'Hello Cy', content: 'Hi' }).expect(403);
    expect(refused.body.error).toEqual({ code: 'profile_hidden', message: 'Your profile is hidden while a report is reviewed, so you cannot start new conversations.' });
    expect(await storedCount()).toBe(count + 1);
    // Others may still write to them, which starts a conversation they may answer.
    await send(cy, { to: bo.mailbox, subject: 'Hello Bo', content: 'Hi' }).expect(201);
    await send(bo, { to: cy.mailbox, subject: 'Re: Hello Bo', content: 'Hi Cy' }).expect(201);
  });
});

describe('the notification e-mail', () => {
  it('goes to the recipient’s real address with who wrote and the subject, never the body', async () => {
    const ana = await signedInMember(t, 'Ana Lee');
    const bo = await signedInMember(t, 'Bo Chen');
    await send(ana, { to: bo.mailbox, subject: 'Climbing\r\nBcc: x@evil.test', content: 'secret body text' }).expect(201);
    await t.ctx.services.messages.settle();
    const mails = await notifications(bo);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`New message from ${ana.mailbox} on Kindred`);
    expect(mails[0]!.text).toContain('Subject: Climbing Bcc: x@evil.test');
    expect(mails[0]!.text).toContain('/mailbox');
    expect(mails[0]!.text).not.toContain('secret body text');
    expect(await mailsTo(t.dataDir, 'x@evil.test')).toEqual([]);
  });

  it('is not sent to a member who turned it off', async () => {
    const ana = await signedInMember(t, 'Ana Lee');
    const bo = await signedInMember(t, 'Bo Chen');
    await bo.agent.patch('/api/profile').send({ notifyNewMessages: false }).expect(200);
    await send(ana, { to: bo.mailbox, subject: 'Hi', content: 'Hello' }).expect(201);
    await t.ctx.services.messages.settle();
    expect(await notifications(bo)).toEqual([]);
  });

  it('travels over real SMTP, and a mail server that is down never fails the send', async () => {
    const smtp = await startTestSmtp();
    const { port, received } = smtp;
    const closeSmtp = smtp.close;
    // The same service, its mail layer over SMTP (members sign up through the outbox app).
    const smtpMessages = new MessagesService({
      messages: new MessagesRepository(t.ctx.db),
      inbox: t.ctx.services.inbox,
      mailer: createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Kindred <no-reply@kindred.test>', outboxDir: '/nonexistent', logger: t.ctx.logger }),
      logger: pino({ level: 'silent' }),
      productName: 'Kindred',
      mailDomain: 'kindred.local',
      publicUrl: 'https://kindred.example',
    });
    try {
      const ana = await signedInMember(t, 'Ana Lee');
      const bo = await signedInMember(t, 'Bo Chen');
      await smtpMessages.send(ana.userId, { to: bo.mailbox, subject: 'Over SMTP', content: 'Hello' });
      await smtpMessages.settle();
      expect(received.map((r) => r.to)).toEqual([[bo.email]]);
      const mail = parseEml(received[0]!.raw);
      expect(mail.subject).toBe(`New message from ${ana.mailbox} on Kindred`);
      expect(mail.text).toContain('https://kindred.example/mailbox');

      // The mail server goes away: the message is still sent and stored.
      await closeSmtp();
      const stored = await smtpMessages.send(ana.userId, { to: bo.mailbox, subject: 'Server down', content: 'Hello' });
      await smtpMessages.settle();
      expect((await bo.agent.get('/api/messages?box=inbox').expect(200)).body.messages[0].id).toBe(stored.id);
      expect(received).toHaveLength(1);
    } finally {
      await closeSmtp();
    }
  });
});

it('limits how many messages a member sends, in the spec’s tone', async () => {
  const limited = await createTestApp({ RATE_LIMIT_MESSAGE_USER: '2/1h' });
  try {
    const ana = await signedInMember(limited, 'Ana Lee');
    const bo = await signedInMember(limited, 'Bo Chen');
    for (let i = 0; i < 2; i++) await send(ana, { to: bo.mailbox, subject: `Hi ${i}`, content: 'Hello' }).expect(201);
    const res = await send(ana, { to: bo.mailbox, subject: 'Hi 3', content: 'Hello' }).expect(429);
    expect(res.body.error.message).toMatch(/^You are sending messages too quickly\. Please try again in \d+ minutes?\.$/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  } finally {
    await limited.close();
  }
});
