import request from 'supertest';

import { agentFor, sessionCookie, signUp, TEST_PASSWORD, uniqueEmail } from '../../test/auth-helpers.js';
import { createTestApp, TestClock, type TestApp } from '../../test/test-app.js';
import { hashPassword } from './passwords.js';
import { throttledTouch } from './session.js';

let t: TestApp;
const clock = new TestClock();

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAIL: 'Boss@Example.com', SESSION_IDLE_DAYS: '14', SESSION_ABSOLUTE_DAYS: '30' }, { clock });
});
afterAll(() => t.close());

describe('POST /api/auth/login', () => {
  it('signs in with the spec session shape, on a new session id', async () => {
    const email = uniqueEmail();
    await signUp(t, agentFor(t), email, 'right-pass');
    const agent = agentFor(t);
    const before = await agent.get('/api/auth/session');
    expect(before.body).toEqual({
      user: null,
      isAdmin: false,
      profileComplete: false,
      subscription: { subscribed: false, premiumType: null, subscriptionEnd: null, plan: null, renews: false, canManage: false, paymentsConfigured: false, searchAllowance: 10000 },
      features: { speech: false, passwordSignIn: true, campusSignIn: null, signupEmailDomains: null },
    });

    // A session that existed before sign-in (a planted cookie, say) must not be the one signed in.
    const anonymous = await agent.post('/api/auth/login').send({ email, password: 'wrong-pass' }).expect(401);
    const res = await agent.post('/api/auth/login').send({ email: email.toUpperCase(), password: 'right-pass' }).expect(200);
    expect(res.body).toMatchObject({ user: { email }, isAdmin: false, profileComplete: false });
    const cookie = sessionCookie(res);
    expect(cookie).toBeDefined();
    expect(cookie).not.toBe(sessionCookie(anonymous));
    const setCookie = (res.headers['set-cookie'] as unknown as string[]).join(';');
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/); // only in production
    expect(cookie).toMatch(/^kindred\.sid=/); // a __Host- cookie needs https: only in production
  });

  it('changes the session id at sign-in even when the browser already had one', async () => {
    const email = uniqueEmail();
    const agent = agentFor(t);
    await signUp(t, agent, email, 'right-pass');
    const signedUp = await agent.get('/api/auth/session');
    const oldCookie = sessionCookie(signedUp);
    const res = await agent.post('/api/auth/login').send({ email, password: 'right-pass' }).expect(200);
    expect(sessionCookie(res)).toBeDefined();
    expect(sessionCookie(res)).not.toBe(oldCookie);
  });

  it.each([
    ['a wrong password', 'wrong', 401, 'invalid_credentials', 'Invalid email or password. Please try again.'],
  ])('refuses %s', async (_label, password, status, code, message) => {
    const email = uniqueEmail();
    await signUp(t, agentFor(t), email, 'right-pass');
    const res = await request(t.app).post('/api/auth/login').send({ email, password }).expect(status);
    expect(res.body.error).toEqual({ code, message });
  });

  it('tells an unknown address to sign up first', async () => {
    const res = await request(t.app).post('/api/auth/login').send({ email: uniqueEmail(), password: 'whatever' }).expect(404);
    expect(res.body.error).toEqual({ code: 'user_not_found', message: 'No account found with this email. Please sign up first.' });
  });

  it('tells an address with an unconfirmed sign-up to confirm it first', async () => {
    const email = uniqueEmail();
    await request(t.app).post('/api/auth/signup').send({ email, password: 'maple-orbit-lantern' }).expect(202);
    const res = await request(t.app).post('/api/auth/login').send({ email, password: 'maple-orbit-lantern' }).expect(403);
    expect(res.body.error).toEqual({ code: 'email_not_confirmed', message: 'Please check your email and confirm your account first.' });
  });

  it('refuses a deleted account with the spec message', async () => {
    const email = uniqueEmail();
    await signUp(t, agentFor(t), email);
    await t.ctx.db.updateTable('users').set({ deleted_at: new Date() }).where('email', '=', email).execute();
    const res = await request(t.app).post('/api/auth/login').send({ email, password: 'maple-orbit-lantern' }).expect(403);
    expect(res.body.error).toEqual({ code: 'account_deleted', message: 'This account has been deleted. Please register a new account.' });
  });

  it('refuses a body without the fields, or with extra ones', async () => {
    await request(t.app).post('/api/auth/login').send({ email: uniqueEmail() }).expect(400);
    await request(t.app).post('/api/auth/login').send({ email: uniqueEmail(), password: 'x', remember: true }).expect(400);
  });
});

describe('sessions', () => {
  it('ends a deleted account’s open sessions on their next request, with the spec message', async () => {
    const email = uniqueEmail();
    const agent = agentFor(t);
    await signUp(t, agent, email);
    await t.ctx.db.updateTable('users').set({ deleted_at: new Date() }).where('email', '=', email).execute();
    const res = await agent.get('/api/auth/session').expect(401);
    expect(res.body.error).toEqual({
      code: 'account_deleted',
      message: 'This account has been deleted. You can register again with a new account.',
    });
    const after = await agent.get('/api/auth/session').expect(200);
    expect(after.body.user).toBeNull();
  });

  it('treats the session of a suspended account as signed out, even one the suspension did not delete', async () => {
    const email = uniqueEmail();
    const agent = agentFor(t);
    await signUp(t, agent, email);
    await agent.get('/api/profile').expect(200);
    // Only the column: the moderation action also deletes the sessions, which would hide a gap here.
    await t.ctx.db.updateTable('users').set({ suspended_at: new Date() }).where('email', '=', email).execute();
    await agent.get('/api/profile').expect(401);
    expect((await agent.get('/api/auth/session').expect(200)).body.user).toBeNull();
    // Signing up again is no way around it; signing in is told why, with the support address.
    expect((await agentFor(t).post('/api/auth/signup').send({ email, password: TEST_PASSWORD }).expect(409)).body.error.code).toBe('identity_already_exists');
    const res = await agentFor(t).post('/api/auth/login').send({ email, password: TEST_PASSWORD }).expect(403);
    expect(res.body.error.code).toBe('account_suspended');
    expect(res.body.error.message).toContain(t.ctx.config.site.supportEmail);
    await t.ctx.db.updateTable('users').set({ suspended_at: null }).where('email', '=', email).execute();
    await agentFor(t).post('/api/auth/login').send({ email, password: TEST_PASSWORD }).expect(200);
  });

  it('sign-out from one device ends the session on every other device', async () => {
    const email = uniqueEmail();
    const phone = agentFor(t);
    const laptop = agentFor(t);
    await signUp(t, phone, email);
    await laptop.post('/api/auth/login').send({ email, password: 'maple-orbit-lantern' }).expect(200);
    expect((await laptop.get('/api/auth/session')).body.user.email).toBe(email);

    await phone.post('/api/auth/logout').expect(204);
    expect((await phone.get('/api/auth/session')).body.user).toBeNull();
    expect((await laptop.get('/api/auth/session')).body.user).toBeNull();
  });

  it('answers sign-out without a session with 204 too', async () => {
    await request(t.app).post('/api/auth/logout').expect(204);
  });

  it('expires a session left idle longer than the idle timeout', async () => {
    const email = uniqueEmail();
    const agent = agentFor(t);
    await signUp(t, agent, email);
    // The store keeps the expiry in the sessions table; age the row past it.
    await t.ctx.db.updateTable('sessions').set({ expire: new Date(Date.now() - 1000) }).where('sess', 'is not', null).execute();
    expect((await agent.get('/api/auth/session')).body.user).toBeNull();
  });

  it('ends an active session once it is older than the absolute lifetime', async () => {
    const email = uniqueEmail();
    const agent = agentFor(t);
    await signUp(t, agent, email);
    clock.advance(29 * 86_400_000);
    expect((await agent.get('/api/auth/session')).body.user.email).toBe(email);
    clock.advance(2 * 86_400_000);
    expect((await agent.get('/api/auth/session')).body.user).toBeNull();
  });
});

describe('throttledTouch', () => {
  it('renews a session in the store at most once per interval, and again after a failed renewal', () => {
    let now = 0;
    const calls: string[] = [];
    let fail = false;
    const touch = throttledTouch((sid, _data, done) => {
      calls.push(sid);
      (done as (error?: unknown) => void)(fail ? new Error('down') : undefined);
    }, 60_000, () => now);
    const results: unknown[] = [];
    const callback = ((error?: unknown) => results.push(error ?? 'ok')) as () => void;
    const data = {} as never;

    touch('a', data, callback);
    now = 59_999;
    touch('a', data, callback); // too soon: answered without writing
    touch('b', data, callback); // another session is its own
    now = 60_000;
    touch('a', data, callback);
    expect(calls).toEqual(['a', 'b', 'a']);
    expect(results).toEqual(['ok', 'ok', 'ok', 'ok']);

    fail = true;
    now = 120_000;
    touch('a', data, callback);
    fail = false;
    touch('a', data, callback); // the failure is not remembered as a renewal
    expect(calls).toEqual(['a', 'b', 'a', 'a', 'a']);
    expect(results.at(-2)).toBeInstanceOf(Error);
  });
});

describe('admin', () => {
  it('is admin only with the admin role AND the ADMIN_EMAIL address', async () => {
    const boss = agentFor(t);
    await signUp(t, boss, 'boss@example.com');
    expect((await boss.get('/api/auth/session')).body.isAdmin).toBe(false); // address alone

    await t.ctx.services.auth.grantAdmin('BOSS@example.com');
    expect((await boss.get('/api/auth/session')).body.isAdmin).toBe(true);

    const other = agentFor(t);
    const email = uniqueEmail();
    await signUp(t, other, email);
    await t.ctx.services.auth.grantAdmin(email);
    expect((await other.get('/api/auth/session')).body.isAdmin).toBe(false); // role alone
  });

  it('reports a complete profile once the spec’s seven fields are present', async () => {
    const email = uniqueEmail();
    const agent = agentFor(t);
    await signUp(t, agent, email);
    const user = await t.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    await t.ctx.db
      .updateTable('profiles')
      .set({ age: 20, bio: 'Hi', location: 'Vancouver, BC, Canada', birth_date: '2005-01-01', gender: 'female' })
      .where('user_id', '=', user.id)
      .execute();
    expect((await agent.get('/api/auth/session')).body.profileComplete).toBe(false);
    await t.ctx.db.updateTable('profiles').set({ relationship_status: 'single_straight' }).where('user_id', '=', user.id).execute();
    expect((await agent.get('/api/auth/session')).body.profileComplete).toBe(true);
  });
});

describe('the session cookie in production', () => {
  let prod: TestApp;
  const email = 'prod-member@example.com';
  const https = { 'x-forwarded-proto': 'https' };

  beforeAll(async () => {
    prod = await createTestApp({ NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40), SMTP_URL: 'smtp://127.0.0.1:9', PUBLIC_URL: 'https://kindred.example.edu', TRUST_PROXY: '1' });
    await prod.ctx.db.insertInto('users').values({ email, password_hash: await hashPassword(TEST_PASSWORD), email_confirmed_at: new Date() }).execute();
  });
  afterAll(() => prod.close());

  it('is __Host-kindred.sid: Secure, Path=/, no Domain; only that name signs in, and sign-out clears it', async () => {
    const res = await request(prod.app).post('/api/auth/login').set(https).send({ email, password: TEST_PASSWORD }).expect(200);
    const setCookie = (res.headers['set-cookie'] as unknown as string[])[0]!;
    expect(setCookie).toMatch(/^__Host-kindred\.sid=[^;]+; Path=\/;/);
    expect(setCookie).toMatch(/; Secure/);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(setCookie).not.toMatch(/Domain=/i);
    const value = setCookie.split(';')[0]!.slice('__Host-kindred.sid='.length);

    const session = await request(prod.app).get('/api/auth/session').set(https).set('cookie', `__Host-kindred.sid=${value}`).expect(200);
    expect(session.body.user.email).toBe(email);
    const oldName = await request(prod.app).get('/api/auth/session').set(https).set('cookie', `kindred.sid=${value}`).expect(200);
    expect(oldName.body.user).toBeNull();

    const out = await request(prod.app).post('/api/auth/logout').set(https).set('cookie', `__Host-kindred.sid=${value}`).expect(204);
    const cleared = (out.headers['set-cookie'] as unknown as string[]).join('\n');
    expect(cleared).toMatch(/^__Host-kindred\.sid=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax$/m);
    expect((await request(prod.app).get('/api/auth/session').set(https).set('cookie', `__Host-kindred.sid=${value}`).expect(200)).body.user).toBeNull();
  });
});
