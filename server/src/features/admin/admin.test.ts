import request from 'supertest';

import { agentFor, setSessionFields, signUp, TEST_PASSWORD, uniqueEmail, type Agent } from '../../../test/auth-helpers.js';
import { signedInMember, type SignedInMember } from '../../../test/members.js';
import { mailsTo } from '../../../test/outbox.js';
import { makeProfile, type MadeProfile } from '../../../test/profiles-factory.js';
import { createTestApp, TestClock, type TestApp } from '../../../test/test-app.js';
import { hashPassword } from '../../auth/passwords.js';
import { FILE_SETTINGS, settingNames } from '../../settings.js';
import { release } from '../../version.js';
import { maskUrlCredentials, SETTING_VALUES } from './admin.service.js';

const ADMIN_EMAIL = 'dean@campus.example';
const DAY = 86_400_000;

let t: TestApp;
const clock = new TestClock();
let admin: Agent;
let adminId: string;
let member: SignedInMember;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAIL }, { clock });
  admin = agentFor(t);
  await signUp(t, admin, ADMIN_EMAIL);
  adminId = (await t.ctx.services.auth.grantAdmin(ADMIN_EMAIL)).id;
  member = await signedInMember(t, 'Mo Member', 'admin');
});
afterAll(() => t.close());

const db = () => t.ctx.db;

describe('only the administrator', () => {
  const victimId = '00000000-0000-4000-8000-000000000000';
  it.each([
    ['get', '/api/admin/overview'],
    ['get', '/api/admin/users'],
    ['delete', `/api/admin/users/${victimId}`],
    ['get', '/api/admin/payments'],
    ['get', '/api/admin/settings'],
  ] as const)('%s %s: a visitor gets 401, a member 403', async (method, path) => {
    expect((await request(t.app)[method](path).expect(401)).body.error.code).toBe('unauthorized');
    expect((await member.agent[method](path).expect(403)).body.error.code).toBe('admin_only');
  });

  it('is the admin role AND the ADMIN_EMAIL account: the role alone is not enough', async () => {
    const other = await signedInMember(t, 'Ro Role', 'admin');
    await db().insertInto('user_roles').values({ user_id: other.userId, role: 'admin' }).execute();
    await other.agent.get('/api/admin/overview').expect(403);
    await db().deleteFrom('user_roles').where('user_id', '=', other.userId).execute();
    await db().updateTable('users').set({ deleted_at: new Date() }).where('id', '=', other.userId).execute();
  });
});

describe('overview', () => {
  let p1: MadeProfile;
  let p3: MadeProfile;

  beforeAll(async () => {
    const now = clock.now().getTime();
    // Counted: the admin, Mo, p1 (VIP for good), p2 (VIP lapsed), p3 (VIP until next month), p4.
    // The deletion above and below, and a sample member, are not.
    p1 = await makeProfile(t, { name: 'P One', is_vip: true, vip_expires_at: null }, { embed: false });
    await makeProfile(t, { name: 'P Two', is_vip: true, vip_expires_at: new Date(now - DAY) }, { embed: false });
    p3 = await makeProfile(t, { name: 'P Three', is_vip: true, vip_expires_at: new Date(now + 30 * DAY) }, { embed: false });
    await makeProfile(t, { name: 'P Four' }, { embed: false });
    const gone = await makeProfile(t, { name: 'Gone VIP', is_vip: true, deleted: true }, { embed: false });
    const sample = await makeProfile(t, { name: 'Sample VIP', is_vip: true, is_sample: true }, { embed: false });

    const searches = (userId: string, n: number) =>
      db()
        .insertInto('user_searches')
        .values(Array.from({ length: n }, (_, i) => ({ user_id: userId, query: `query ${i}`, intent: 'friend' as const, result_count: 0 })))
        .execute();
    await searches(member.userId, 3);
    await searches(p1.userId, 1);
    await searches(gone.userId, 5);
    await searches(sample.userId, 5);
    for (const userId of [p1.userId, p1.userId, gone.userId]) {
      await db().insertInto('chat_sessions').values({ user_id: userId, session_type: 'onboarding', state: '{}' }).execute();
    }

    const pay = (values: { user_id: string | null; payment_type: 'donation' | 'monthly' | 'yearly'; amount_cents: number; status: 'completed' | 'pending' | 'failed' | 'refunded'; currency?: string }) =>
      db().insertInto('payments').values(values).execute();
    await pay({ user_id: member.userId, payment_type: 'donation', amount_cents: 1000, status: 'completed' });
    await pay({ user_id: null, payment_type: 'donation', amount_cents: 2500, status: 'completed' });
    await pay({ user_id: p1.userId, payment_type: 'monthly', amount_cents: 599, status: 'completed' });
    await pay({ user_id: p3.userId, payment_type: 'yearly', amount_cents: 5999, status: 'completed' });
    await pay({ user_id: p1.userId, payment_type: 'monthly', amount_cents: 599, status: 'pending' });
    await pay({ user_id: p1.userId, payment_type: 'donation', amount_cents: 500, status: 'failed' });
    await pay({ user_id: p3.userId, payment_type: 'yearly', amount_cents: 5999, status: 'refunded' });
    await pay({ user_id: p3.userId, payment_type: 'donation', amount_cents: 700, status: 'completed', currency: 'USD' });
  });

  it('counts live, real members and completed revenue', async () => {
    const res = await admin.get('/api/admin/overview').expect(200);
    expect(res.body).toEqual({
      counts: { users: 6, profiles: 6, chatSessions: 2, payments: 8, userSearches: 4, vipProfiles: 2 },
      // 2 of 6 is 33.3%; 4 searches over 6 members is 0.67.
      vipConversionPercent: 33,
      averageSearchesPerUser: 0.7,
      revenue: { currency: 'CAD', totalCents: 1000 + 2500 + 599 + 5999, donationCents: 3500, subscriptionCents: 599 + 5999, monthlyCents: 599, yearlyCents: 5999 },
    });
  });

  it('stops counting a VIP whose expiry has passed', async () => {
    const lapsed = new Date(clock.now().getTime() - 1000);
    const { vip_expires_at: expiry } = await db().selectFrom('profiles').select('vip_expires_at').where('user_id', '=', p3.userId).executeTakeFirstOrThrow();
    await db().updateTable('profiles').set({ vip_expires_at: lapsed }).where('user_id', '=', p3.userId).execute();
    try {
      const res = await admin.get('/api/admin/overview').expect(200);
      expect(res.body.counts.vipProfiles).toBe(1);
      expect(res.body.vipConversionPercent).toBe(17);
    } finally {
      await db().updateTable('profiles').set({ vip_expires_at: expiry }).where('user_id', '=', p3.userId).execute();
    }
  });

  it('lists payments newest first, with the payer’s e-mail while the account exists', async () => {
    const gone = await makeProfile(t, { name: 'Gone Payer' }, { embed: false });
    await db()
      .insertInto('payments')
      .values({ user_id: gone.userId, payment_type: 'monthly', amount_cents: 599, status: 'completed', stripe_session_id: 'cs_test_a1b2c3d4e5f6g7h8i9j0k1l2', created_at: new Date(Date.now() + 60_000) })
      .execute();
    await db().updateTable('users').set({ deleted_at: new Date() }).where('id', '=', gone.userId).execute();

    const { payments } = (await admin.get('/api/admin/payments').expect(200)).body as { payments: Array<Record<string, unknown>> };
    expect(payments).toHaveLength(9);
    expect(payments[0]).toEqual({
      id: expect.any(String),
      email: gone.email,
      paymentType: 'monthly',
      amountCents: 599,
      currency: 'CAD',
      status: 'completed',
      sessionId: 'cs_test_a1b2c3d4e5f6g7h8i9j0k1l2',
      createdAt: expect.any(String),
    });
    const times = payments.map((p) => p.createdAt as string);
    expect([...times].sort().reverse()).toEqual(times);
    expect(payments.filter((p) => p.email === null).map((p) => p.amountCents)).toEqual([2500]);
    expect(payments.filter((p) => p.email === member.email).map((p) => p.amountCents)).toEqual([1000]);
    expect(payments.map((p) => p.email)).toContain(p3.email);
  });
});

describe('users', () => {
  type Listed = { id: string; email: string; createdAt: string; profile: { name: string | null; userCode: string | null; isVip: boolean; vipExpiresAt: string | null; registrationOrder: number | null } | null };
  const list = async (query = '') => (await admin.get(`/api/admin/users${query}`).expect(200)).body as { users: Listed[]; total: number };

  it('lists live, real accounts by registration order, with their profile', async () => {
    const { users, total } = await list('?limit=200');
    expect(total).toBe(users.length);
    const mo = users.find((u) => u.id === member.userId)!;
    expect(mo).toEqual({
      id: member.userId,
      email: member.email,
      createdAt: expect.any(String),
      hidden: false,
      suspended: false,
      profile: { name: 'Mo Member', userCode: expect.stringMatching(/^\d{8}$/), isVip: false, vipExpiresAt: null, registrationOrder: expect.any(Number) },
    });
    const names = users.map((u) => u.profile?.name);
    expect(names).not.toContain('Gone VIP');
    expect(names).not.toContain('Sample VIP');
    expect(names).not.toContain('Gone Payer');
    // Pioneer numbers first, in order; accounts without one after them.
    const orders = users.map((u) => u.profile?.registrationOrder ?? null);
    const numbered = orders.filter((o): o is number => o !== null);
    expect(orders.slice(0, numbered.length)).toEqual([...numbered].sort((a, b) => a - b));
    expect(orders.slice(numbered.length).every((o) => o === null)).toBe(true);
  });

  it('shows a lapsed VIP with its expiry, not as VIP', async () => {
    const { users } = await list('?search=');
    const two = users.find((u) => u.profile?.name === 'P Two')!;
    expect(two.profile).toMatchObject({ isVip: false, vipExpiresAt: expect.any(String) });
    expect(users.find((u) => u.profile?.name === 'P One')!.profile).toMatchObject({ isVip: true, vipExpiresAt: null });
  });

  it('pages with limit and offset, the total staying the whole count', async () => {
    const all = await list('?limit=200');
    const first = await list('?limit=2&offset=0');
    const second = await list('?limit=2&offset=2');
    expect(first.total).toBe(all.total);
    expect([...first.users, ...second.users].map((u) => u.id)).toEqual(all.users.slice(0, 4).map((u) => u.id));
  });

  it('finds by part of an e-mail address, in any case', async () => {
    const part = member.email.slice(0, member.email.indexOf('@') + 1).toUpperCase();
    const { users, total } = await list(`?search=${encodeURIComponent(part)}`);
    expect(users.map((u) => u.id)).toEqual([member.userId]);
    expect(total).toBe(1);
    expect((await list(`?search=${encodeURIComponent('%')}`)).users).toEqual([]);
  });

  it('finds by a whole user code, trimmed; never by part of one', async () => {
    const { users } = await list(`?search=${member.email}`);
    const code = users[0]!.profile!.userCode!;
    expect((await list(`?search=${encodeURIComponent(`  ${code} `)}`)).users.map((u) => u.id)).toEqual([member.userId]);
    expect((await list(`?search=${code.slice(0, 6)}`)).users.map((u) => u.id)).not.toContain(member.userId);
  });

  it('refuses a malformed query', async () => {
    await admin.get('/api/admin/users?limit=0').expect(400);
    await admin.get('/api/admin/users?offset=-1').expect(400);
    await admin.get('/api/admin/users?sort=email').expect(400);
  });
});

describe('deleting a user', () => {
  let victim: SignedInMember;
  let response: request.Response;

  beforeAll(async () => {
    victim = await signedInMember(t, 'Vic Victim', 'admin');
    response = await admin.delete(`/api/admin/users/${victim.userId}`).send({ currentPassword: TEST_PASSWORD });
  });

  it('asks the administrator for their password first: none 403 step_up_required, a wrong one 403 step_up_failed', async () => {
    const spared = await signedInMember(t, 'Sid Spared', 'admin');
    const none = await admin.delete(`/api/admin/users/${spared.userId}`).expect(403);
    expect(none.body.error).toEqual({ code: 'step_up_required', message: 'Please confirm your password to continue.' });
    const wrong = await admin.delete(`/api/admin/users/${spared.userId}`).send({ currentPassword: 'not-the-password' }).expect(403);
    expect(wrong.body.error).toEqual({ code: 'step_up_failed', message: 'Incorrect password. Please try again.' });
    // The member's password is not the administrator's.
    await admin.delete(`/api/admin/users/${spared.userId}`).send({ currentPassword: 'maple-orbit-lantern ' }).expect(403);
    await spared.agent.get('/api/profile').expect(200);
    await admin.delete(`/api/admin/users/${spared.userId}`).send({ unexpected: true }).expect(400);
  });

  it('takes a campus sign-in of the last 5 minutes instead of the password', async () => {
    const campusAdmin = agentFor(t);
    await campusAdmin.post('/api/auth/login').send({ email: ADMIN_EMAIL, password: TEST_PASSWORD }).expect(200);
    const spared = await signedInMember(t, 'Cy Campus', 'admin');
    await setSessionFields(t, adminId, { signInMethod: 'campus', signedInAt: clock.now().getTime() - 60_000, campusAuthenticatedAt: clock.now().getTime() - 60_000 });
    await campusAdmin.delete(`/api/admin/users/${spared.userId}`).expect(200);
    await spared.agent.get('/api/profile').expect(401);
    await setSessionFields(t, adminId, { signInMethod: 'password' });
  });

  it('answers with the e-mail', () => {
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ deleted: true, email: victim.email });
  });

  it('takes the member’s own deletion path: signed out everywhere, cannot sign in, recorded, receipt mailed', async () => {
    await victim.agent.get('/api/profile').expect(401);
    const login = await request(t.app).post('/api/auth/login').send({ email: victim.email, password: 'maple-orbit-lantern' }).expect(403);
    expect(login.body.error.message).toBe('This account has been deleted. Please register a new account.');
    const record = await db().selectFrom('deleted_profiles').selectAll().where('user_id', '=', victim.userId).executeTakeFirstOrThrow();
    expect(record).toMatchObject({ deleted_email: victim.email, name: 'Vic Victim' });
    expect((await mailsTo(t.dataDir, victim.email)).map((m) => m.subject)).toContain('Your Kindred account was deleted');
    const { users } = (await admin.get('/api/admin/users?limit=200').expect(200)).body as { users: { id: string }[] };
    expect(users.map((u) => u.id)).not.toContain(victim.userId);
  });

  it('writes the audit row, with the id and not the e-mail', async () => {
    const rows = await db().selectFrom('admin_audit_log').selectAll().where('action', '=', 'user.delete').where('target_id', '=', victim.userId).execute();
    expect(rows).toEqual([expect.objectContaining({ actor_id: adminId, actor_email: ADMIN_EMAIL, target_type: 'user', details: {} })]);
    const { entries } = (await admin.get('/api/admin/audit-log').expect(200)).body as { entries: { action: string; targetId: string }[] };
    expect(entries.find((entry) => entry.targetId === victim.userId)).toMatchObject({ action: 'user.delete', targetId: victim.userId });
  });

  it('answers 404 a second time, for an unknown id and for a malformed one, and records nothing', async () => {
    const before = await auditCount();
    for (const id of [victim.userId, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await admin.delete(`/api/admin/users/${id}`).send({ currentPassword: TEST_PASSWORD }).expect(404);
      expect(res.body.error.code).toBe('user_not_found');
    }
    expect(await auditCount()).toBe(before);
  });

  it('refuses the administrator’s own account and points to Delete Account', async () => {
    const res = await admin.delete(`/api/admin/users/${adminId}`).send({ currentPassword: TEST_PASSWORD }).expect(409);
    expect(res.body.error).toEqual({ code: 'cannot_delete_self', message: 'You cannot delete your own account here. Use Delete Account in General.' });
    await admin.get('/api/admin/overview').expect(200);
  });
});

async function auditCount(): Promise<number> {
  const row = await db().selectFrom('admin_audit_log').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('settings', () => {
  const SESSION_SECRET = 'S3ss10n-Secret-That-Must-Never-Leak-0123456789';
  const SMTP_PASSWORD = 'Smtp-Pa55word-Never-Shown';
  let s: TestApp;
  let boss: Agent;

  beforeAll(async () => {
    // Its own app: with SMTP_URL set, mail goes over SMTP, so the administrator is made directly.
    const email = uniqueEmail('settings-admin');
    s = await createTestApp({ ADMIN_EMAIL: email, SESSION_SECRET, SMTP_URL: `smtp://mailer:${SMTP_PASSWORD}@127.0.0.1:2525`, RATE_LIMIT_SEARCH_USER: '90/15m' });
    await s.ctx.db.insertInto('users').values({ email, password_hash: await hashPassword('maple-orbit-lantern'), email_confirmed_at: new Date() }).execute();
    await s.ctx.services.auth.grantAdmin(email);
    boss = agentFor(s);
    await boss.post('/api/auth/login').send({ email, password: 'maple-orbit-lantern' }).expect(200);
  });
  afterAll(() => s.close());

  it('is for the administrator only', async () => {
    await request(s.app).get('/api/admin/settings').expect(401);
  });

  it('shows every setting’s effective value, and never a secret', async () => {
    const res = await boss.get('/api/admin/settings').expect(200);
    expect(res.text).not.toContain(SESSION_SECRET);
    expect(res.text).not.toContain(SMTP_PASSWORD);
    const settings = new Map((res.body.settings as { name: string; value: string; secret: boolean }[]).map((setting) => [setting.name, setting]));
    expect([...settings.keys()].sort()).toEqual([...settingNames].sort());
    expect(settings.get('SESSION_SECRET')).toEqual({ name: 'SESSION_SECRET', value: '••••••', secret: true });
    expect(settings.get('SMTP_URL')).toEqual({ name: 'SMTP_URL', value: 'smtp://mailer:••••••@127.0.0.1:2525', secret: true });
    expect(settings.get('RATE_LIMIT_SEARCH_USER')).toEqual({ name: 'RATE_LIMIT_SEARCH_USER', value: '90/15m', secret: false });
    expect(settings.get('PRODUCT_NAME')).toEqual({ name: 'PRODUCT_NAME', value: 'Kindred', secret: false });
    expect(settings.get('SESSION_IDLE_DAYS')?.value).toBe('14');
    expect(settings.get('WHISPER_MODEL')?.value).toBe('');
    // What is secret is what settings.ts declares secret (and may come from a _FILE), nothing else.
    for (const [name, setting] of settings) expect([name, setting.secret]).toEqual([name, FILE_SETTINGS.includes(name)]);
    expect(settings.get('AUTH_PASSWORD')).toEqual({ name: 'AUTH_PASSWORD', value: 'on', secret: false });
  });

  it('says which release runs: the version and the commit', async () => {
    const res = await boss.get('/api/admin/settings').expect(200);
    expect(res.body.release).toEqual(release());
    expect(res.body.release.version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('says an unset secret is unset', async () => {
    const res = await admin.get('/api/admin/settings').expect(200);
    const secret = (res.body.settings as { name: string; value: string }[]).find((setting) => setting.name === 'SESSION_SECRET');
    expect(secret).toEqual({ name: 'SESSION_SECRET', value: '', secret: true });
  });

  it('knows where every variable config.ts reads is in the parsed config', () => {
    // A variable added to config.ts must be added to SETTING_VALUES (admin.service.ts) too.
    expect(Object.keys(SETTING_VALUES).sort()).toEqual([...settingNames].sort());
  });

  it.each([
    ['postgres://kindred:p%40ss@db.internal:5432/kindred', 'postgres://kindred:••••••@db.internal:5432/kindred'],
    ['postgres://kindred@db.internal/kindred?sslmode=require&password=hunter2', 'postgres://kindred@db.internal/kindred?sslmode=require&password=••••••'],
    ['smtps://:only-a-password@mail.example:465', 'smtps://:••••••@mail.example:465'],
    ['http://127.0.0.1:11434', 'http://127.0.0.1:11434'],
    ['postgres://user@host/db', 'postgres://user@host/db'],
    ['not a url', 'not a url'],
  ])('masks the credentials of %s', (value, masked) => {
    expect(maskUrlCredentials(value)).toBe(masked);
  });
});
