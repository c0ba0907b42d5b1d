import request from 'supertest';

import { agentFor, signUp, uniqueEmail } from '../../test/auth-helpers.js';
import { latestCode, mailsTo } from '../../test/outbox.js';
import { createTestApp, TestClock, type TestApp } from '../../test/test-app.js';

let t: TestApp;
const clock = new TestClock();

beforeAll(async () => {
  t = await createTestApp({ PRODUCT_NAME: 'Kindred' }, { clock });
});
afterAll(() => t.close());

describe('POST /api/auth/signup', () => {
  it('keeps the sign-up pending and mails a 6-digit code', async () => {
    const email = uniqueEmail();
    const res = await request(t.app).post('/api/auth/signup').send({ email: `  ${email.toUpperCase()} `, password: 'maple-orbit-lantern' }).expect(202);
    expect(res.body).toEqual({ email, message: 'Your verification code is on its way; it can take a minute to arrive.' });
    const [mail] = await mailsTo(t.dataDir, email);
    expect(mail?.subject).toBe('Your Kindred verification code');
    expect(mail?.text).toMatch(/Your verification code is: [1-9]\d{5}\n/);

    const pending = await t.ctx.db.selectFrom('pending_signups').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(pending.password_hash).toMatch(/^\$argon2id\$/);
    expect(pending.code_hash).not.toContain(await latestCode(t.dataDir, email));
    expect(await t.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
  });

  it.each([
    [{ email: 'a@example.com', password: '12345' }, 'Password must be at least 6 characters.'],
    [{ email: 'a@example.com', password: 'x'.repeat(129) }, 'Password must be at most 128 characters.'],
    [{ email: '', password: 'maple-orbit-lantern' }, 'Please Enter Email'],
    [{ email: 'not-an-email', password: 'maple-orbit-lantern' }, 'Please enter a valid email address.'],
    [{ password: 'maple-orbit-lantern' }, 'Please Enter Email'],
  ])('refuses %j with "%s"', async (body, message) => {
    const res = await request(t.app).post('/api/auth/signup').send(body).expect(400);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', message });
  });

  it.each(['password', '123456', 'qwerty123', 'PASSWORD', 'iloveyou1'])('refuses the easily guessed %p with weak_password, and keeps and mails nothing', async (password) => {
    const email = uniqueEmail();
    const res = await request(t.app).post('/api/auth/signup').send({ email, password }).expect(400);
    expect(res.body.error).toEqual({ code: 'weak_password', message: 'This password is too common or easy to guess. Try a longer phrase of a few unrelated words.' });
    expect(await t.ctx.db.selectFrom('pending_signups').select('email').where('email', '=', email).executeTakeFirst()).toBeUndefined();
    expect(await mailsTo(t.dataDir, email)).toEqual([]);
  });

  it('refuses a password made of the address itself', async () => {
    const email = uniqueEmail('zephyrine.quill');
    const res = await request(t.app).post('/api/auth/signup').send({ email, password: email.split('@')[0] }).expect(400);
    expect(res.body.error.code).toBe('weak_password');
  });

  it('accepts a passphrase of a few unrelated words', async () => {
    await request(t.app).post('/api/auth/signup').send({ email: uniqueEmail(), password: 'violet tram ocean pepper' }).expect(202);
  });

  it('refuses unknown fields', async () => {
    const res = await request(t.app).post('/api/auth/signup').send({ email: uniqueEmail(), password: 'maple-orbit-lantern', role: 'admin' }).expect(400);
    expect(res.body.error.code).toBe('validation_failed');
  });

  it('refuses an address that already has an account', async () => {
    const email = uniqueEmail();
    await signUp(t, agentFor(t), email);
    const res = await request(t.app).post('/api/auth/signup').send({ email: email.toUpperCase(), password: 'maple-orbit-lantern' }).expect(409);
    expect(res.body.error.code).toBe('identity_already_exists');
  });

  it('makes a resend wait 60 s, then sends a new code that replaces the old one', async () => {
    const email = uniqueEmail();
    await request(t.app).post('/api/auth/signup').send({ email, password: 'maple-orbit-lantern' }).expect(202);
    const first = await latestCode(t.dataDir, email);

    const early = await request(t.app).post('/api/auth/signup/resend').send({ email }).expect(429);
    expect(early.body.error.code).toBe('resend_cooldown');
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(0);

    clock.advance(61_000);
    await request(t.app).post('/api/auth/signup/resend').send({ email }).expect(202);
    expect(await mailsTo(t.dataDir, email)).toHaveLength(2);
    const second = await latestCode(t.dataDir, email);
    if (second !== first) {
      const res = await request(t.app).post('/api/auth/signup/verify').send({ email, code: first }).expect(400);
      expect(res.body.error.code).toBe('invalid_code');
    }
    await request(t.app).post('/api/auth/signup/verify').send({ email, code: second }).expect(200);
  });

  it('answers a resend with no pending sign-up with the spec message', async () => {
    const res = await request(t.app).post('/api/auth/signup/resend').send({ email: uniqueEmail() }).expect(404);
    expect(res.body.error).toEqual({ code: 'no_pending_signup', message: 'No pending signup data found' });
  });
});

describe('POST /api/auth/signup/verify', () => {
  it('creates the user and the profile, signs in, and a second use of the code fails', async () => {
    const email = uniqueEmail('ana.lee');
    const agent = agentFor(t);
    await agent.post('/api/auth/signup').send({ email, password: 'maple-orbit-lantern' }).expect(202);
    const code = await latestCode(t.dataDir, email);
    const res = await agent.post('/api/auth/signup/verify').send({ email, code }).expect(200);
    expect(res.body).toMatchObject({ user: { email }, isAdmin: false, profileComplete: false });

    const profile = await t.ctx.db
      .selectFrom('profiles')
      .innerJoin('users', 'users.id', 'profiles.user_id')
      .select(['profiles.name', 'profiles.contact_info', 'users.email_confirmed_at'])
      .where('users.email', '=', email)
      .executeTakeFirstOrThrow();
    expect(profile.name).toBe(email.split('@')[0]);
    expect(profile.contact_info).toEqual({ available: false, entries: [{ label: 'Email', value: email }] });
    expect(profile.email_confirmed_at).toBeInstanceOf(Date);

    const session = await agent.get('/api/auth/session').expect(200);
    expect(session.body.user.email).toBe(email);

    const again = await request(t.app).post('/api/auth/signup/verify').send({ email, code }).expect(400);
    expect(again.body.error).toEqual({ code: 'no_pending_signup', message: 'No pending signup data found' });
  });

  it('says "Invalid verification code" for a wrong code', async () => {
    const email = uniqueEmail();
    await request(t.app).post('/api/auth/signup').send({ email, password: 'maple-orbit-lantern' }).expect(202);
    const code = await latestCode(t.dataDir, email);
    const wrong = code === '123456' ? '654321' : '123456';
    const res = await request(t.app).post('/api/auth/signup/verify').send({ email, code: wrong }).expect(400);
    expect(res.body.error).toEqual({ code: 'invalid_code', message: 'Invalid verification code. Please check and try again.' });
  });

  it('kills the code after 5 wrong tries: the 6th attempt fails even with the right code', async () => {
    const email = uniqueEmail();
    await request(t.app).post('/api/auth/signup').send({ email, password: 'maple-orbit-lantern' }).expect(202);
    const code = await latestCode(t.dataDir, email);
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) await request(t.app).post('/api/auth/signup/verify').send({ email, code: wrong }).expect(400);
    const res = await request(t.app).post('/api/auth/signup/verify').send({ email, code }).expect(400);
    expect(res.body.error).toEqual({ code: 'code_locked', message: 'Invalid or expired verification code.' });

    // A new code brings the attempts back.
    clock.advance(61_000);
    await request(t.app).post('/api/auth/signup/resend').send({ email }).expect(202);
    await request(t.app).post('/api/auth/signup/verify').send({ email, code: await latestCode(t.dataDir, email) }).expect(200);
  });

  it('expires the code after 10 minutes', async () => {
    const email = uniqueEmail();
    await request(t.app).post('/api/auth/signup').send({ email, password: 'maple-orbit-lantern' }).expect(202);
    const code = await latestCode(t.dataDir, email);
    clock.advance(10 * 60_000 + 1000);
    const res = await request(t.app).post('/api/auth/signup/verify').send({ email, code }).expect(400);
    expect(res.body.error).toEqual({ code: 'code_expired', message: 'Verification code expired. Please request a new one.' });
  });

  it('accepts the code until the 10 minutes are up', async () => {
    const email = uniqueEmail();
    await request(t.app).post('/api/auth/signup').send({ email, password: 'maple-orbit-lantern' }).expect(202);
    clock.advance(9 * 60_000);
    await request(t.app).post('/api/auth/signup/verify').send({ email, code: await latestCode(t.dataDir, email) }).expect(200);
  });

  it('answers "No pending signup data found" when nothing is pending', async () => {
    const res = await request(t.app).post('/api/auth/signup/verify').send({ email: uniqueEmail(), code: '123456' }).expect(400);
    expect(res.body.error).toEqual({ code: 'no_pending_signup', message: 'No pending signup data found' });
  });

  it.each(['12345', '1234567', '12a456', ' 123456', 123456])('refuses the code %j with 400', async (code) => {
    const res = await request(t.app).post('/api/auth/signup/verify').send({ email: uniqueEmail(), code }).expect(400);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', message: 'The verification code is 6 digits.' });
  });

  it('names a new user "New User" when the e-mail has nothing before the @ worth using', async () => {
    const { initialName } = await import('./auth.service.js');
    expect(initialName('ana@example.com')).toBe('ana');
    expect(initialName('@example.com')).toBe('New User');
  });
});
