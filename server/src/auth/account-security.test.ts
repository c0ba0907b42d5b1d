import request from 'supertest';

import { agentFor, sessionCookie, setSessionFields, signUp, TEST_PASSWORD, uniqueEmail } from '../../test/auth-helpers.js';
import { signedInMember, type SignedInMember } from '../../test/members.js';
import { latestCode, mailsTo } from '../../test/outbox.js';
import { createTestApp, TestClock, type TestApp } from '../../test/test-app.js';

// Settings' Change password and Change sign-in e-mail (issue 23), each behind the step-up.

const WEAK = { code: 'weak_password', message: 'This password is too common or easy to guess. Try a longer phrase of a few unrelated words.' };
const STEP_UP_REQUIRED = { code: 'step_up_required', message: 'Please confirm your password to continue.' };
const STEP_UP_FAILED = { code: 'step_up_failed', message: 'Incorrect password. Please try again.' };
const NEW_PASSWORD = 'violet tram ocean pepper';

let t: TestApp;
const clock = new TestClock();

beforeAll(async () => {
  // Campus-only membership: the tests' addresses are at example.com.
  t = await createTestApp({ SIGNUP_EMAIL_DOMAINS: 'example.com,.campus.example' }, { clock });
});
afterAll(() => t.close());

const login = (email: string, password: string) => request(t.app).post('/api/auth/login').send({ email, password });

/** A reset link mailed to the address now: its token (the member's "Forgot password?"). */
async function resetLinkFor(email: string): Promise<string> {
  await request(t.app).post('/api/auth/password/forgot').send({ email }).expect(200);
  return (await mailsTo(t.dataDir, email)).at(-1)!.text.match(/token=([A-Za-z0-9_-]{43})/)![1]!;
}
const useResetLink = (token: string) => request(t.app).post('/api/auth/password/reset').send({ token, password: 'amber kettle river moss' });
const RESET_LINK_INVALID = { code: 'invalid_token', message: 'This password reset link is invalid or has expired. Please request a new one.' };

describe('POST /api/auth/password/change', () => {
  const change = (m: SignedInMember, body: Record<string, unknown>) => m.agent.post('/api/auth/password/change').send(body);

  it('asks for sign-in', async () => {
    await request(t.app).post('/api/auth/password/change').send({ currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD }).expect(401);
  });

  it('needs the current password: none 403 step_up_required, a wrong one 403 step_up_failed, and nothing changes', async () => {
    const m = await signedInMember(t, 'Pia Proof', 'pw');
    expect((await change(m, { newPassword: NEW_PASSWORD }).expect(403)).body.error).toEqual(STEP_UP_REQUIRED);
    expect((await change(m, { currentPassword: 'not-my-password', newPassword: NEW_PASSWORD }).expect(403)).body.error).toEqual(STEP_UP_FAILED);
    await login(m.email, TEST_PASSWORD).expect(200);
    await login(m.email, NEW_PASSWORD).expect(401);
  });

  it('applies the sign-up rules to the new password, before asking for the current one', async () => {
    const m = await signedInMember(t, 'Rita Rules', 'pw');
    for (const weak of ['password', '123456', 'qwerty123']) {
      expect((await change(m, { newPassword: weak }).expect(400)).body.error).toEqual(WEAK);
      expect((await change(m, { currentPassword: TEST_PASSWORD, newPassword: weak }).expect(400)).body.error).toEqual(WEAK);
    }
    expect((await change(m, { currentPassword: TEST_PASSWORD, newPassword: '12345' }).expect(400)).body.error.message).toBe('Password must be at least 6 characters.');
    // Built from the member's own e-mail: easy to guess for whoever knows it.
    const local = m.email.split('@')[0]!;
    expect((await change(m, { currentPassword: TEST_PASSWORD, newPassword: local }).expect(400)).body.error).toEqual(WEAK);
    await login(m.email, TEST_PASSWORD).expect(200);
  });

  it('changes it: every other session ends, this one goes on under a new id, and the member is told by mail', async () => {
    const m = await signedInMember(t, 'Cleo Change', 'pw');
    const laptop = agentFor(t);
    await laptop.post('/api/auth/login').send({ email: m.email, password: TEST_PASSWORD }).expect(200);
    const before = sessionCookie(await m.agent.get('/api/auth/session'));

    const res = await change(m, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD }).expect(200);
    expect(res.body).toMatchObject({ user: { id: m.userId, email: m.email }, message: 'Your password was changed. You were signed out on every other device.' });
    expect(sessionCookie(res)).toBeDefined();
    expect(sessionCookie(res)).not.toBe(before);

    expect((await m.agent.get('/api/auth/session').expect(200)).body.user.id).toBe(m.userId);
    expect((await laptop.get('/api/auth/session').expect(200)).body.user).toBeNull();
    await login(m.email, TEST_PASSWORD).expect(401);
    await login(m.email, NEW_PASSWORD).expect(200);
    expect((await mailsTo(t.dataDir, m.email)).map((mail) => mail.subject)).toContain('Your Kindred password was changed');
  });

  it('ends every reset link and a waiting e-mail change issued before it (finding 2)', async () => {
    const m = await signedInMember(t, 'Rex Reset', 'pw');
    const early = await resetLinkFor(m.email);
    const waiting = uniqueEmail('rex-waiting').replace('@example.com', '@cs.campus.example');
    await m.agent.post('/api/auth/email/change').send({ email: waiting, currentPassword: TEST_PASSWORD }).expect(202);
    const code = await latestCode(t.dataDir, waiting);

    await change(m, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD }).expect(200);
    expect((await useResetLink(early).expect(400)).body.error).toEqual(RESET_LINK_INVALID);
    expect((await m.agent.post('/api/auth/email/change/verify').send({ code }).expect(400)).body.error.code).toBe('no_pending_email_change');
    await login(m.email, NEW_PASSWORD).expect(200);
  });

  it('through a reset link: every other link of the member ends too', async () => {
    const m = await signedInMember(t, 'Lia Links', 'pw');
    const first = await resetLinkFor(m.email);
    clock.advance(61_000);
    const second = await resetLinkFor(m.email);
    await useResetLink(second).expect(200);
    expect((await useResetLink(first).expect(400)).body.error).toEqual(RESET_LINK_INVALID);
  });

  it('takes a fresh campus sign-in as proof, and the session keeps its sign-in facts', async () => {
    const m = await signedInMember(t, 'Cara Campus', 'pw');
    const signedInAt = clock.now().getTime() - 60_000;
    await setSessionFields(t, m.userId, { signInMethod: 'campus', signedInAt, campusAuthenticatedAt: signedInAt });
    await change(m, { newPassword: NEW_PASSWORD }).expect(200);
    const row = await t.ctx.db.selectFrom('sessions').select('sess').execute();
    const mine = row.map((r) => r.sess as { passport?: { user?: string }; signInMethod?: string; signedInAt?: number }).filter((s) => s.passport?.user === m.userId);
    expect(mine).toEqual([expect.objectContaining({ signInMethod: 'campus', signedInAt })]);
  });
});

describe('changing the sign-in e-mail', () => {
  const ask = (m: SignedInMember, body: Record<string, unknown>) => m.agent.post('/api/auth/email/change').send(body);
  const confirm = (m: SignedInMember, code: string) => m.agent.post('/api/auth/email/change/verify').send({ code });
  const wrongCode = (code: string) => String(((Number(code) - 100_000 + 1) % 900_000) + 100_000);

  it('asks for sign-in', async () => {
    await request(t.app).post('/api/auth/email/change').send({ email: uniqueEmail(), currentPassword: TEST_PASSWORD }).expect(401);
    await request(t.app).post('/api/auth/email/change/verify').send({ code: '123456' }).expect(401);
  });

  it('refuses an address outside the campus domains, the current one and another live account’s, before the step-up', async () => {
    const m = await signedInMember(t, 'Dora Domain', 'mail');
    const other = await signedInMember(t, 'Taken Already', 'mail');
    const outside = await ask(m, { email: 'dora@gmail.com' }).expect(400);
    expect(outside.body.error).toEqual({
      code: 'email_domain_not_allowed',
      message: 'Only campus e-mail addresses can join: please use an address at example.com or campus.example (or any subdomain).',
    });
    await ask(m, { email: 'dora@gmail.com', currentPassword: TEST_PASSWORD }).expect(400);
    expect((await ask(m, { email: m.email.toUpperCase(), currentPassword: TEST_PASSWORD }).expect(400)).body.error.code).toBe('email_unchanged');
    expect((await ask(m, { email: other.email, currentPassword: TEST_PASSWORD }).expect(409)).body.error.code).toBe('identity_already_exists');
    expect((await ask(m, { email: 'not an address', currentPassword: TEST_PASSWORD }).expect(400)).body.error.message).toBe('Please enter a valid email address.');
    expect(await mailsTo(t.dataDir, 'dora@gmail.com')).toEqual([]);
  });

  it('tells nobody without the step-up whether an address has an account, and counts the attempts (finding 3)', async () => {
    const m = await signedInMember(t, 'Eno Enum', 'mail');
    const other = await signedInMember(t, 'Has Account', 'mail');
    const free = uniqueEmail('no-account');
    // The same answer for a taken address and a free one: the step-up comes before the address's owner is looked at.
    expect((await ask(m, { email: other.email }).expect(403)).body.error).toEqual(STEP_UP_REQUIRED);
    expect((await ask(m, { email: free }).expect(403)).body.error).toEqual(STEP_UP_REQUIRED);
    expect((await ask(m, { email: other.email, currentPassword: 'a-guess' }).expect(403)).body.error).toEqual(STEP_UP_FAILED);
    // With the password it is said (409), but counted first, like every code mail (this file's app
    // relaxes the limits; one with the rule at 3 an hour shows the count).
    const strict = await createTestApp({ SIGNUP_EMAIL_DOMAINS: 'example.com', RATE_LIMIT_SIGNUP_EMAIL: '3/1h' }, { clock });
    try {
      const [prober, owner] = [await signedInMember(strict, 'Pro Ber', 'mail'), await signedInMember(strict, 'Own Er', 'mail')];
      const answers: number[] = [];
      for (let i = 0; i < 5; i += 1) answers.push((await prober.agent.post('/api/auth/email/change').send({ email: owner.email, currentPassword: TEST_PASSWORD })).status);
      // The owner's own sign-up code was the address's first mail of the hour.
      expect(answers).toEqual([409, 409, 429, 429, 429]);
    } finally {
      await strict.close();
    }
  });

  it('needs the step-up: without it nothing is mailed', async () => {
    const m = await signedInMember(t, 'Sam Stepup', 'mail');
    const target = `sam-${Date.now()}@cs.campus.example`;
    expect((await ask(m, { email: target }).expect(403)).body.error).toEqual(STEP_UP_REQUIRED);
    expect((await ask(m, { email: target, currentPassword: 'wrong-guess' }).expect(403)).body.error).toEqual(STEP_UP_FAILED);
    expect(await mailsTo(t.dataDir, target)).toEqual([]);
  });

  it('mails a code to the new address; the code changes users.email, the old address is told, the code works once', async () => {
    const m = await signedInMember(t, 'Nia New', 'mail');
    const target = uniqueEmail('nia-new').replace('@example.com', '@cs.campus.example');
    const res = await ask(m, { email: target.toUpperCase(), currentPassword: TEST_PASSWORD }).expect(202);
    expect(res.body).toEqual({ email: target, message: 'We e-mailed a 6-digit code to your new address; it can take a minute to arrive.' });
    const code = await latestCode(t.dataDir, target);
    expect((await mailsTo(t.dataDir, target))[0]!.subject).toBe('Confirm your new Kindred sign-in e-mail');
    // Nothing has changed yet.
    expect((await m.agent.get('/api/auth/session')).body.user.email).toBe(m.email);

    expect((await confirm(m, wrongCode(code)).expect(400)).body.error.code).toBe('invalid_code');
    const done = await confirm(m, code).expect(200);
    expect(done.body).toMatchObject({ user: { id: m.userId, email: target }, message: 'Your sign-in e-mail was changed.' });
    expect((await m.agent.get('/api/auth/session')).body.user.email).toBe(target);
    const row = await t.ctx.db.selectFrom('users').select('email').where('id', '=', m.userId).executeTakeFirstOrThrow();
    expect(row.email).toBe(target);

    await login(target, TEST_PASSWORD).expect(200);
    expect((await login(m.email, TEST_PASSWORD).expect(404)).body.error.code).toBe('user_not_found');
    const notice = (await mailsTo(t.dataDir, m.email)).find((mail) => mail.subject === 'Your Kindred sign-in e-mail was changed');
    expect(notice?.text).toContain(target);
    expect((await confirm(m, code).expect(400)).body.error.code).toBe('no_pending_email_change');
  });

  it('ends every reset link and every other session; this one goes on under a new id (finding 2)', async () => {
    const m = await signedInMember(t, 'Ida Idle', 'mail');
    const laptop = agentFor(t);
    await laptop.post('/api/auth/login').send({ email: m.email, password: TEST_PASSWORD }).expect(200);
    const early = await resetLinkFor(m.email);
    const before = sessionCookie(await m.agent.get('/api/auth/session'));
    const target = uniqueEmail('ida-new').replace('@example.com', '@cs.campus.example');
    await ask(m, { email: target, currentPassword: TEST_PASSWORD }).expect(202);
    const done = await confirm(m, await latestCode(t.dataDir, target)).expect(200);
    expect(sessionCookie(done)).toBeDefined();
    expect(sessionCookie(done)).not.toBe(before);

    expect((await m.agent.get('/api/auth/session').expect(200)).body.user.email).toBe(target);
    expect((await laptop.get('/api/auth/session').expect(200)).body.user).toBeNull();
    expect((await useResetLink(early).expect(400)).body.error).toEqual(RESET_LINK_INVALID);
    await login(target, TEST_PASSWORD).expect(200);
  });

  it('lets a code live 10 minutes, and 5 attempts', async () => {
    const m = await signedInMember(t, 'Ed Expiry', 'mail');
    const first = uniqueEmail('ed-one');
    await ask(m, { email: first, currentPassword: TEST_PASSWORD }).expect(202);
    const late = await latestCode(t.dataDir, first);
    clock.advance(10 * 60_000 + 1000);
    expect((await confirm(m, late).expect(400)).body.error.code).toBe('code_expired');

    const second = uniqueEmail('ed-two');
    await ask(m, { email: second, currentPassword: TEST_PASSWORD }).expect(202);
    const code = await latestCode(t.dataDir, second);
    for (let i = 0; i < 5; i++) expect((await confirm(m, wrongCode(code)).expect(400)).body.error.code).toBe('invalid_code');
    expect((await confirm(m, code).expect(400)).body.error.code).toBe('code_locked');
    expect((await m.agent.get('/api/auth/session')).body.user.email).toBe(m.email);
  });

  it('waits 60 s before another code, and a new request replaces the old code', async () => {
    const m = await signedInMember(t, 'Rex Resend', 'mail');
    const first = uniqueEmail('rex-one');
    await ask(m, { email: first, currentPassword: TEST_PASSWORD }).expect(202);
    const old = await latestCode(t.dataDir, first);
    expect((await ask(m, { email: first, currentPassword: TEST_PASSWORD }).expect(429)).body.error.code).toBe('resend_cooldown');
    clock.advance(61_000);
    const second = uniqueEmail('rex-two');
    await ask(m, { email: second, currentPassword: TEST_PASSWORD }).expect(202);
    expect((await confirm(m, old).expect(400)).body.error.code).toBe('invalid_code');
    await confirm(m, await latestCode(t.dataDir, second)).expect(200);
    expect((await m.agent.get('/api/auth/session')).body.user.email).toBe(second);
  });

  it('refuses the code when someone else took the address in the meantime', async () => {
    const m = await signedInMember(t, 'Lou Late', 'mail');
    const contested = uniqueEmail('contested');
    await ask(m, { email: contested, currentPassword: TEST_PASSWORD }).expect(202);
    const code = await latestCode(t.dataDir, contested);
    await signUp(t, agentFor(t), contested); // mails its own sign-up code to the address, then verifies it
    expect((await confirm(m, code).expect(409)).body.error.code).toBe('identity_already_exists');
    expect((await m.agent.get('/api/auth/session')).body.user.email).toBe(m.email);
  });
});
