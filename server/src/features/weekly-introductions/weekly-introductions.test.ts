import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

import request from 'supertest';

import { decodedMailsTo } from '../../../test/decoded-mail.js';
import { type SignedInMember, signedInMember } from '../../../test/members.js';
import { createTestApp, TestClock, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
const clock = new TestClock();
beforeAll(async () => {
  t = await createTestApp({ CRON_TIMEZONE: 'UTC' }, { clock });
});
afterAll(() => t.close());

const FULL = { bio: 'Third-year student, always up for a walk.', interests: ['Hiking', 'Board games', 'Cooking'], looking_for: ['friend'] as ('friend' | 'partner')[] };

/** A member with a complete profile who opted in through the General page's route. */
async function optedIn(name: string, over: Partial<typeof FULL> = {}): Promise<SignedInMember> {
  const m = await signedInMember(t, name, 'weekly');
  await t.ctx.db.updateTable('profiles').set({ ...FULL, ...over }).where('user_id', '=', m.userId).execute();
  expect((await m.agent.put('/api/weekly-introductions/settings').send({ optedIn: true }).expect(200)).body).toEqual({ optedIn: true });
  return m;
}

const runJob = async () => {
  const run = await t.ctx.jobs.run('weekly-introductions');
  const [item] = await t.ctx.jobs.items(run.id);
  return { run, item: item! };
};
const view = async (m: SignedInMember) => (await m.agent.get('/api/weekly-introductions').expect(200)).body;
const cardFor = async (m: SignedInMember, other: SignedInMember) => (await view(m)).people.find((p: { userId: string }) => p.userId === other.userId);
const WEEK_MS = 7 * 86_400_000;

afterEach(async () => {
  // Each test starts a new week with nobody opted in.
  clock.advance(WEEK_MS);
  await t.ctx.db.updateTable('profiles').set({ weekly_introductions: false }).execute();
});

it('is off by default, asks for sign-in, and validates the switch', async () => {
  await request(t.app).get('/api/weekly-introductions').expect(401);
  await request(t.app).post('/api/weekly-introductions/00000000-0000-4000-8000-000000000000/hello').expect(401);
  const m = await signedInMember(t, 'Ida Idle', 'weekly');
  expect(await view(m)).toEqual({ optedIn: false, week: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), people: [] });
  expect((await m.agent.put('/api/weekly-introductions/settings').send({ optedIn: 'yes' }).expect(400)).body.error.code).toBe('validation_failed');
});

it('proposes reciprocal pairs once a week, mails each member once, and a second run proposes nothing', async () => {
  const ana = await optedIn('Ana Lee');
  const bo = await optedIn('Bo Chen');
  const quiet = await optedIn('Quinn Quiet');
  await t.ctx.db.updateTable('profiles').set({ notify_new_messages: false }).where('user_id', '=', quiet.userId).execute();
  const outbox = path.join(t.dataDir, 'outbox');
  const before = new Set(await readdir(outbox).catch(() => []));

  const { run, item } = await runJob();
  expect(run.state).toBe('completed');
  expect(item.status).toBe('succeeded');
  expect(item.result).toMatchObject({ membersIn: 3, pairsMade: 3, alreadyRan: false, mailed: 2 });

  const card = await cardFor(ana, bo);
  expect(card).toEqual({ id: expect.any(String), userId: bo.userId, profileId: bo.profileId, name: 'Bo Chen', age: expect.any(Number), location: 'Vancouver, BC, Canada', avatarUrl: null, reason: expect.stringContaining('You both enjoy hiking and board games'), state: 'open' });
  expect((await view(ana)).people).toHaveLength(2);

  const mails = (await readdir(outbox)).filter((f) => !before.has(f));
  expect(mails).toHaveLength(2);
  // Quoted-printable wraps long lines with a soft break ("=" at the end): joined again here.
  const texts = await Promise.all(mails.map(async (f) => (await readFile(path.join(outbox, f), 'utf8')).replace(/=\r?\n/g, '')));
  expect(texts.filter((x) => x.includes(ana.email))).toHaveLength(1);
  expect(texts.find((x) => x.includes(ana.email))).toContain('Bo Chen: You both enjoy hiking and board games');

  const again = await runJob();
  expect(again.item).toMatchObject({ status: 'skipped', result: { alreadyRan: true, pairsMade: 0, mailed: 0 } });
  expect((await view(ana)).people).toHaveLength(2);

  // A run that died between the round's commit and its mails: the next run of the week sends them, once.
  await t.ctx.db.updateTable('weekly_introduction_rounds').set({ mailed_at: null }).execute();
  const resumed = await runJob();
  expect(resumed.item).toMatchObject({ status: 'skipped', result: { alreadyRan: true, pairsMade: 0, mailed: 2 } });
  expect((await readdir(outbox)).filter((f) => !before.has(f))).toHaveLength(4);
  expect((await runJob()).item).toMatchObject({ result: { mailed: 0 } });
});

it('never proposes a pair again, nor one blocked or already writing to each other', async () => {
  const [ana, bo, cy, di] = [await optedIn('Ana Again'), await optedIn('Bo Block'), await optedIn('Cy Chat'), await optedIn('Di Done')];
  await t.ctx.db.insertInto('blocks').values({ blocker_id: bo.userId, blocked_id: ana.userId }).execute();
  await cy.agent.post('/api/introductions').send({ recipientUserId: ana.userId }).expect(201);
  const first = await runJob();
  expect(first.item.result).toMatchObject({ skipped: expect.objectContaining({ blocked: 1, in_conversation: 1 }) });
  const shown = (await view(ana)).people.map((p: { userId: string }) => p.userId);
  expect(shown).toEqual([di.userId]);

  clock.advance(WEEK_MS);
  const second = await runJob();
  expect(second.item.result).toMatchObject({ skipped: expect.objectContaining({ proposed_before: 4 }), pairsMade: 0 });
});

it('never proposes a hidden or suspended member, and takes a card away when its member is suspended later', async () => {
  const [eve, hal, sue, ned] = [await optedIn('Eve Even'), await optedIn('Hal Hidden'), await optedIn('Sue Suspended'), await optedIn('Ned Next')];
  const now = clock.now();
  await t.ctx.db.updateTable('profiles').set({ hidden_at: now }).where('user_id', '=', hal.userId).execute();
  await t.ctx.db.updateTable('users').set({ suspended_at: now }).where('id', '=', sue.userId).execute();
  const { item } = await runJob();
  expect(item.result).toMatchObject({ membersIn: 2, pairsMade: 1, skipped: expect.objectContaining({ suspended: 1 }) });
  const pairs = await t.ctx.db.selectFrom('weekly_introductions').select(['user_a', 'user_b']).execute();
  for (const pair of pairs) for (const id of [hal.userId, sue.userId]) expect([pair.user_a, pair.user_b]).not.toContain(id);
  expect((await view(eve)).people.map((p: { userId: string }) => p.userId)).toEqual([ned.userId]);

  await t.ctx.db.updateTable('users').set({ suspended_at: now }).where('id', '=', ned.userId).execute();
  expect((await view(eve)).people).toEqual([]);
});

it('hello from both delivers the introductions once; others get 404', async () => {
  const ana = await optedIn('Ana Hello');
  const bo = await optedIn('Bo Hello');
  const cy = await optedIn('Cy Hello');
  await runJob();
  const { id } = await cardFor(ana, bo);
  const stranger = await signedInMember(t, 'Sam Stranger', 'weekly');
  expect((await stranger.agent.post(`/api/weekly-introductions/${id}/hello`).expect(404)).body.error.code).toBe('weekly_introduction_not_found');
  await stranger.agent.post('/api/weekly-introductions/not-a-uuid/hello').expect(404);
  await stranger.agent.post('/api/weekly-introductions/00000000-0000-4000-8000-000000000000/pass').expect(404);
  // Cy is proposed to both, but is not a party to Ana and Bo's proposal.
  await cy.agent.post(`/api/weekly-introductions/${id}/pass`).expect(404);

  expect((await ana.agent.post(`/api/weekly-introductions/${id}/hello`).expect(200)).body).toEqual({ state: 'waiting' });
  expect((await cardFor(ana, bo)).state).toBe('waiting');
  // Bo is not told of a one-sided hello.
  expect((await cardFor(bo, ana)).state).toBe('open');
  expect((await bo.agent.post(`/api/weekly-introductions/${id}/hello`).expect(200)).body).toEqual({ state: 'mutual' });
  // Saying it again changes nothing.
  expect((await ana.agent.post(`/api/weekly-introductions/${id}/hello`).expect(200)).body).toEqual({ state: 'mutual' });
  const between = (a: string, b: string) => t.ctx.db.selectFrom('messages').select('subject').where('sender_id', 'in', [a, b]).where('recipient_id', 'in', [a, b]).execute();
  expect((await between(ana.userId, bo.userId)).map((m) => m.subject).sort()).toEqual(['Ana Hello would like to meet you', 'Bo Hello would like to meet you']);
  expect((await cardFor(bo, ana)).state).toBe('mutual');
  const inbox = (await bo.agent.get('/api/messages?box=inbox').expect(200)).body.messages;
  expect(inbox.map((m: { subject: string }) => m.subject)).toEqual(['Ana Hello would like to meet you']);

  // Both at the same moment: one answer waits for the other, and each introduction is delivered once.
  const other = (await cardFor(ana, cy)).id;
  const answers = await Promise.all([cy.agent.post(`/api/weekly-introductions/${other}/hello`), ana.agent.post(`/api/weekly-introductions/${other}/hello`)]);
  expect(answers.map((r) => r.body.state).sort()).toEqual(['mutual', 'waiting']);
  expect(await between(ana.userId, cy.userId)).toHaveLength(2);
});

it('a pass hides the card and the pair never becomes mutual', async () => {
  const ana = await optedIn('Ana Pass');
  const bo = await optedIn('Bo Pass');
  await runJob();
  const { id } = await cardFor(ana, bo);
  await bo.agent.post(`/api/weekly-introductions/${id}/hello`).expect(200);
  expect((await ana.agent.post(`/api/weekly-introductions/${id}/pass`).expect(200)).body).toEqual({ state: 'passed' });
  expect(await cardFor(ana, bo)).toBeUndefined();
  expect((await ana.agent.post(`/api/weekly-introductions/${id}/hello`).expect(200)).body).toEqual({ state: 'passed' });
  expect((await cardFor(bo, ana)).state).toBe('waiting');
  const mail = await t.ctx.db.selectFrom('messages').select('id').where('sender_id', 'in', [ana.userId, bo.userId]).where('recipient_id', 'in', [ana.userId, bo.userId]).execute();
  expect(mail).toEqual([]);
});

it('shows the administrator the latest round, and goes with a purged account', async () => {
  const ana = await optedIn('Ana Admin');
  const bo = await optedIn('Bo Admin');
  await runJob();
  const { id } = await cardFor(ana, bo);
  await ana.agent.post(`/api/weekly-introductions/${id}/hello`).expect(200);
  const latest = await t.ctx.services.weeklyIntroductions.latestRound();
  expect(latest.round).toMatchObject({ week: t.ctx.services.weeklyIntroductions.currentWeek(), membersIn: 2, pairsMade: 1, hellos: 1, mutualHellos: 0 });
  await ana.agent.get('/api/admin/weekly-introductions').expect(403);

  await t.ctx.db.updateTable('users').set({ deleted_at: new Date(clock.now().getTime() - 100 * 86_400_000) }).where('id', '=', ana.userId).execute();
  // A deleted member's card is gone at once for the other member.
  expect(await cardFor(bo, ana)).toBeUndefined();
  await t.ctx.services.account.purgeOne(ana.userId, { dryRun: false });
  expect(await t.ctx.db.selectFrom('weekly_introductions').select('id').where('id', '=', id).execute()).toEqual([]);
});

it('mails each member in their own language: a member who chose Chinese reads the weekly introductions in Chinese', async () => {
  const li = await optedIn('Li Hua');
  const bo = await optedIn('Bo Chen');
  await li.agent.put('/api/account/language').send({ language: 'zh-Hans' }).expect(200);
  const { item } = await runJob();
  expect(item.result).toMatchObject({ pairsMade: 1, mailed: 2 });
  const [toLi] = (await decodedMailsTo(t.dataDir, li.email)).slice(-1);
  expect(toLi!.contentLanguage).toBe('zh-Hans');
  expect(toLi!.subject).toBe('你本周在 Kindred 上的 1 位每周引荐');
  expect(toLi!.text).toContain('本周 Kindred 为你推荐 1 位很可能也愿意认识你的人：');
  expect(toLi!.text).toContain('- Bo Chen：');
  const [toBo] = (await decodedMailsTo(t.dataDir, bo.email)).slice(-1);
  expect(toBo!.subject).toBe('Your introduction for this week on Kindred');
});

it('writes the card\'s reason in the member\'s language too, shared interests named in it', async () => {
  const li = await optedIn('Li Hua');
  const bo = await optedIn('Bo Chen');
  await li.agent.put('/api/account/language').send({ language: 'zh-Hans' }).expect(200);
  await runJob();
  const reason = (await cardFor(li, bo)).reason as string;
  expect(reason).toMatch(/^你们都喜欢/);
  expect(reason.replace(/Vancouver/g, '')).not.toMatch(/[A-Za-z]{3,}/);
  expect((await cardFor(bo, li)).reason).toMatch(/^You both enjoy /);
});
