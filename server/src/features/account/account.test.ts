import { sql } from 'kysely';
import { PNG_1x1 } from '../../../test/images.js';
import request from 'supertest';

import { agentFor, signUp, TEST_PASSWORD } from '../../../test/auth-helpers.js';
import { signedInMember, type SignedInMember } from '../../../test/members.js';
import { mailsTo } from '../../../test/outbox.js';
import { createTestApp, TestClock, type TestApp } from '../../../test/test-app.js';
import { keyFromUrl } from '../../storage/storage.js';

const ADMIN_EMAIL = 'boss@campus.example';
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
const clock = new TestClock();
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAIL }, { clock });
});
afterAll(() => t.close());

/** The member's own deletion: the phrase and (unless `null`) the password as the step-up proof. */
const deleteAccount = (m: SignedInMember, confirmation: unknown = 'DELETE MY ACCOUNT', currentPassword: string | null = TEST_PASSWORD) =>
  m.agent.delete('/api/account').send({ confirmation, ...(currentPassword === null ? {} : { currentPassword }) });

/** A member search can find: interviewed and embedded. */
async function searchable(name: string, interests: string[]): Promise<SignedInMember> {
  const m = await signedInMember(t, name, 'acct');
  await t.ctx.db
    .updateTable('profiles')
    .set({ bio: `I love ${interests.join(' and ')}.`, enhanced_background: `${name} loves ${interests.join(' and ')}.`, interests, looking_for: ['friend'] })
    .where('user_id', '=', m.userId)
    .execute();
  await t.ctx.services.embeddings.embedProfile(m.profileId);
  return m;
}

/** Every row anywhere that names the user: a uuid column holding their id, or their id inside a session. */
async function rowsNaming(userId: string, profileId: string): Promise<string[]> {
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = 'public' AND data_type = 'uuid' AND table_name NOT LIKE 'kysely_%'`.execute(t.ctx.db);
  const found: string[] = [];
  for (const { table_name, column_name } of rows) {
    const { rows: hits } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table_name)} WHERE ${sql.ref(column_name)} IN (${userId}, ${profileId})`.execute(t.ctx.db);
    if (hits[0]!.n > 0) found.push(`${table_name}.${column_name}`);
  }
  const { rows: sessions } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM sessions WHERE sess::text LIKE ${'%' + userId + '%'}`.execute(t.ctx.db);
  if (sessions[0]!.n > 0) found.push('sessions');
  return found;
}

it('asks for sign-in', async () => {
  await request(t.app).delete('/api/account').send({ confirmation: 'DELETE MY ACCOUNT' }).expect(401);
});

it.each([
  ['no phrase', undefined],
  ['lower case', 'delete my account'],
  ['a trailing space', 'DELETE MY ACCOUNT '],
  ['another phrase', 'DELETE'],
  ['not a string', ['DELETE MY ACCOUNT']],
])('refuses %s and keeps the account', async (_case, confirmation) => {
  const m = await signedInMember(t, 'Kept Member', 'acct');
  const res = await m.agent.delete('/api/account').send(confirmation === undefined ? {} : { confirmation }).expect(400);
  expect(res.body.error.message).toBe('Please type the confirmation text exactly as shown');
  await m.agent.get('/api/profile').expect(200);
});

describe('the step-up (auth/step-up.ts)', () => {
  it('asks for the password: none 403 step_up_required, a wrong one 403 step_up_failed; the account stays', async () => {
    const m = await signedInMember(t, 'Stay Put', 'acct');
    const none = await deleteAccount(m, 'DELETE MY ACCOUNT', null).expect(403);
    expect(none.body.error).toEqual({ code: 'step_up_required', message: 'Please confirm your password to continue.' });
    const wrong = await deleteAccount(m, 'DELETE MY ACCOUNT', 'not-my-password').expect(403);
    expect(wrong.body.error).toEqual({ code: 'step_up_failed', message: 'Incorrect password. Please try again.' });
    await m.agent.get('/api/profile').expect(200);
    expect(await t.ctx.db.selectFrom('deleted_profiles').select('id').where('user_id', '=', m.userId).executeTakeFirst()).toBeUndefined();
  });

  it('checks the phrase first: a wrong phrase is 400 whatever the password', async () => {
    const m = await signedInMember(t, 'Phrase First', 'acct');
    await deleteAccount(m, 'DELETE', null).expect(400);
    await deleteAccount(m, 'DELETE', TEST_PASSWORD).expect(400);
    await m.agent.get('/api/profile').expect(200);
  });
});

describe('a deletion', () => {
  let ana: SignedInMember;
  let bo: SignedInMember;
  let anaElsewhere: ReturnType<typeof agentFor>;

  beforeAll(async () => {
    ana = await searchable('Ana Gone', ['pottery', 'bouldering']);
    bo = await searchable('Bo Stays', ['pottery', 'bouldering']);
    anaElsewhere = agentFor(t);
    await anaElsewhere.post('/api/auth/login').send({ email: ana.email, password: 'maple-orbit-lantern' }).expect(200);
    await bo.agent.put(`/api/likes/${ana.profileId}`).expect(200);
    await ana.agent.post('/api/messages').send({ to: bo.mailbox, subject: 'Hello from Ana', content: 'Hi' }).expect(201);
    const found = (await bo.agent.post('/api/search').send({ query: 'a friend into pottery and bouldering' }).expect(200)).body.results;
    expect(found.map((r: { userId: string }) => r.userId)).toContain(ana.userId);

    const res = await deleteAccount(ana).expect(200);
    expect(res.body).toEqual({ message: 'Account scheduled for deletion. You will be signed out.', deletedAt: expect.any(String), purgeAfter: expect.any(String) });
    expect(new Date(res.body.purgeAfter).getTime() - new Date(res.body.deletedAt).getTime()).toBe(90 * DAY);
    expect(String(res.headers['set-cookie'])).toMatch(/kindred\.sid=;/);
  });

  it('ends every session of the account, on every device', async () => {
    for (const agent of [ana.agent, anaElsewhere]) {
      const res = await agent.get('/api/profile');
      expect(res.status).toBe(401);
    }
    expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM sessions WHERE sess::text LIKE ${'%' + ana.userId + '%'}`.execute(t.ctx.db)).rows[0]!.n).toBe(0);
  });

  it('hides the member at once: search, likes, profile by id, mailbox, inbox', async () => {
    const found = (await bo.agent.post('/api/search').send({ query: 'a friend into pottery and bouldering' }).expect(200)).body.results;
    expect(found.map((r: { userId: string }) => r.userId)).not.toContain(ana.userId);
    expect((await bo.agent.get('/api/likes').expect(200)).body.likes).toEqual([]);
    await bo.agent.get(`/api/profiles/${ana.profileId}`).expect(404);
    expect((await bo.agent.post('/api/messages').send({ to: ana.mailbox, subject: 'Hi', content: 'Hi' }).expect(404)).body.error.code).toBe('recipient_not_found');
    expect((await bo.agent.get('/api/messages?box=inbox').expect(200)).body.messages).toEqual([]);
  });

  it('records the deletion and mails a receipt', async () => {
    const row = await t.ctx.db.selectFrom('deleted_profiles').selectAll().where('user_id', '=', ana.userId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ deleted_email: ana.email, name: 'Ana Gone' });
    const receipt = (await mailsTo(t.dataDir, ana.email)).find((m) => m.subject === 'Your Kindred account was deleted');
    expect(receipt?.text).toContain('permanently removed on');
  });

  it('refuses sign-in with the spec’s message, and the address can register again at once', async () => {
    const res = await request(t.app).post('/api/auth/login').send({ email: ana.email, password: 'maple-orbit-lantern' }).expect(403);
    expect(res.body.error.message).toBe('This account has been deleted. Please register a new account.');
    const again = agentFor(t);
    await signUp(t, again, ana.email, 'copper-meadow-tango');
    const session = (await again.get('/api/auth/session').expect(200)).body;
    expect(session.user.id).not.toBe(ana.userId);
  });
});

describe('the purge', () => {
  it('removes every row and file of an account deleted 90 days ago, nothing at 89 days, nothing of others, and is idempotent', async () => {
    const gus = await signedInMember(t, 'Gus Purged', 'acct');
    const bo = await signedInMember(t, 'Bo Remains', 'acct');
    for (const m of [gus, bo]) {
      await m.agent.post('/api/profile/avatar').set('content-type', 'image/png').send(PNG_1x1).expect(201);
      await m.agent.post('/api/moments').field('type', 'image').attach('images', PNG_1x1, 'a.png').expect(201);
    }
    await gus.agent.post('/api/messages').send({ to: bo.mailbox, subject: 'Gus to Bo', content: 'Hi' }).expect(201);
    await bo.agent.post('/api/messages').send({ to: gus.mailbox, subject: 'Bo to Gus', content: 'Hi' }).expect(201);
    await bo.agent.put(`/api/likes/${gus.profileId}`).expect(200);
    await gus.agent.put(`/api/likes/${bo.profileId}`).expect(200);
    const gusFiles = await filesOf(gus.userId);
    const boFiles = await filesOf(bo.userId);
    expect(gusFiles.length).toBeGreaterThanOrEqual(2);

    await deleteAccount(gus).expect(200);
    clock.advance(89 * DAY);
    const early = await t.ctx.services.account.purge();
    expect(early.accounts.map((a) => a.userId)).not.toContain(gus.userId);
    expect(await rowsNaming(gus.userId, gus.profileId)).not.toEqual([]);

    clock.advance(DAY);
    const dry = await t.ctx.services.account.purge({ dryRun: true });
    expect(dry.accounts).toEqual(expect.arrayContaining([expect.objectContaining({ userId: gus.userId })]));
    expect(await rowsNaming(gus.userId, gus.profileId)).not.toEqual([]);
    for (const key of gusFiles) expect(await t.ctx.storage.open(key)).not.toBeNull();

    expect(await t.ctx.db.selectFrom('admin_audit_log').select('id').where('action', '=', 'account.purge').where('target_id', '=', gus.userId).execute()).toEqual([]);
    const done = await t.ctx.services.account.purge();
    expect(done.accounts).toEqual(expect.arrayContaining([expect.objectContaining({ userId: gus.userId, files: expect.any(Number) })]));
    // Audited (finding 10): by the system, with the id and the count of files, nothing else of Gus.
    const audit = await t.ctx.db.selectFrom('admin_audit_log').select(['actor_id', 'actor_email', 'target_type', 'details']).where('action', '=', 'account.purge').where('target_id', '=', gus.userId).execute();
    expect(audit).toEqual([{ actor_id: null, actor_email: 'system', target_type: 'user', details: { files: expect.any(Number) } }]);
    expect(await rowsNaming(gus.userId, gus.profileId)).toEqual([]);
    for (const key of gusFiles) expect(await t.ctx.storage.open(key)).toBeNull();
    const mail = await t.ctx.db.selectFrom('messages').select('subject').where('subject', 'in', ['Gus to Bo', 'Bo to Gus']).execute();
    expect(mail).toEqual([]);

    // Bo keeps everything of Bo's (Bo's session has outlived its 30 days by now; the rows have not).
    expect(await t.ctx.db.selectFrom('users').select('id').where('id', '=', bo.userId).where('deleted_at', 'is', null).executeTakeFirst()).toBeDefined();
    expect(await t.ctx.db.selectFrom('messages').select('id').where('sender_id', '=', bo.userId).execute()).toEqual([]);
    for (const key of boFiles) expect(await t.ctx.storage.open(key)).not.toBeNull();
    expect(await rowsNaming(bo.userId, bo.profileId)).toEqual(expect.arrayContaining(['profiles.user_id', 'user_moments.user_id']));

    const rerun = await t.ctx.services.account.purge();
    expect(rerun.accounts.map((a) => a.userId)).not.toContain(gus.userId);
  });
});

async function filesOf(userId: string): Promise<string[]> {
  const profile = await t.ctx.db.selectFrom('profiles').select('avatar_url').where('user_id', '=', userId).executeTakeFirstOrThrow();
  const moments = await t.ctx.db.selectFrom('user_moments').select('image_url').where('user_id', '=', userId).execute();
  return [profile.avatar_url, ...moments.map((m) => m.image_url)].map((url) => keyFromUrl(url ?? '')).filter((k): k is string => k !== null);
}

describe('the deleted-profiles list (Delete-function test page)', () => {
  it('is for the administrator only', async () => {
    await request(t.app).get('/api/admin/deleted-profiles').expect(401);
    const member = await signedInMember(t, 'Not Admin', 'acct');
    await member.agent.get('/api/admin/deleted-profiles').expect(403);
    const leaver = await signedInMember(t, 'Lee Leaver', 'acct');
    await deleteAccount(leaver).expect(200);

    const admin = agentFor(t);
    await signUp(t, admin, ADMIN_EMAIL);
    await t.ctx.services.auth.grantAdmin(ADMIN_EMAIL);
    const list = (await admin.get('/api/admin/deleted-profiles').expect(200)).body.deletedProfiles;
    expect(list[0]).toEqual({ id: expect.any(String), userId: leaver.userId, deletedEmail: leaver.email, name: 'Lee Leaver', deletedAt: expect.any(String) });
  });
});
