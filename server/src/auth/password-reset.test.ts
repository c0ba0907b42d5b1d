import request from 'supertest';

import { agentFor, signUp, uniqueEmail } from '../../test/auth-helpers.js';
import { latestResetToken, mailsTo } from '../../test/outbox.js';
import { createTestApp, TestClock, type TestApp } from '../../test/test-app.js';

let t: TestApp;
const clock = new TestClock();
const FORGOT_ANSWER = { message: 'If an account exists for this email, a password reset link is on its way.' };

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://kindred.example.edu' }, { clock });
});
afterAll(() => t.close());

it('answers the same whether or not the account exists, and mails only a real one', async () => {
  const email = uniqueEmail();
  await signUp(t, agentFor(t), email);
  const known = await request(t.app).post('/api/auth/password/forgot').send({ email }).expect(200);
  const unknownEmail = uniqueEmail();
  const unknown = await request(t.app).post('/api/auth/password/forgot').send({ email: unknownEmail }).expect(200);
  expect(known.body).toEqual(FORGOT_ANSWER);
  expect(unknown.body).toEqual(FORGOT_ANSWER);
  expect(await mailsTo(t.dataDir, unknownEmail)).toHaveLength(0);
  const mails = await mailsTo(t.dataDir, email);
  expect(mails.at(-1)?.text).toMatch(/https:\/\/kindred\.example\.edu\/auth\?type=recovery&token=[A-Za-z0-9_-]{43}\n/);
});

it('asks for an e-mail with the spec message', async () => {
  const res = await request(t.app).post('/api/auth/password/forgot').send({ email: '  ' }).expect(400);
  expect(res.body.error.message).toBe('Please Enter Email');
});

it('sets the new password once, ends every other session, and signs in', async () => {
  const email = uniqueEmail();
  const oldDevice = agentFor(t);
  await signUp(t, oldDevice, email, 'old-harbor-kettle');
  await request(t.app).post('/api/auth/password/forgot').send({ email }).expect(200);
  const token = await latestResetToken(t.dataDir, email);

  const browser = agentFor(t);
  const res = await browser.post('/api/auth/password/reset').send({ token, password: 'new-harbor-kettle' }).expect(200);
  expect(res.body.user.email).toBe(email);
  expect((await browser.get('/api/auth/session')).body.user.email).toBe(email);
  expect((await oldDevice.get('/api/auth/session')).body.user).toBeNull();

  await request(t.app).post('/api/auth/login').send({ email, password: 'old-harbor-kettle' }).expect(401);
  await request(t.app).post('/api/auth/login').send({ email, password: 'new-harbor-kettle' }).expect(200);

  const again = await request(t.app).post('/api/auth/password/reset').send({ token, password: 'third-password' }).expect(400);
  expect(again.body.error).toEqual({
    code: 'invalid_token',
    message: 'This password reset link is invalid or has expired. Please request a new one.',
  });
});

it('refuses a token older than 1 hour', async () => {
  const email = uniqueEmail();
  await signUp(t, agentFor(t), email);
  await request(t.app).post('/api/auth/password/forgot').send({ email }).expect(200);
  const token = await latestResetToken(t.dataDir, email);
  clock.advance(60 * 60_000 + 1000);
  await request(t.app).post('/api/auth/password/reset').send({ token, password: 'new-harbor-kettle' }).expect(400);
  await request(t.app).post('/api/auth/login').send({ email, password: 'maple-orbit-lantern' }).expect(200);
});

it('applies the password rules to the new password', async () => {
  const res = await request(t.app).post('/api/auth/password/reset').send({ token: 'a'.repeat(43), password: '123' }).expect(400);
  expect(res.body.error.message).toBe('Password must be at least 6 characters.');
  await request(t.app).post('/api/auth/password/reset').send({ token: 'not a token!', password: 'maple-orbit-lantern' }).expect(400);
  await request(t.app).post('/api/auth/password/reset').send({ token: 'b'.repeat(43), password: 'maple-orbit-lantern' }).expect(400);
});

it('refuses an easily guessed new password, and the link still works afterwards', async () => {
  const email = uniqueEmail();
  await signUp(t, agentFor(t), email);
  await request(t.app).post('/api/auth/password/forgot').send({ email }).expect(200);
  const token = await latestResetToken(t.dataDir, email);
  for (const password of ['password', '123456', 'qwerty123']) {
    const res = await request(t.app).post('/api/auth/password/reset').send({ token, password }).expect(400);
    expect(res.body.error).toEqual({ code: 'weak_password', message: 'This password is too common or easy to guess. Try a longer phrase of a few unrelated words.' });
  }
  await request(t.app).post('/api/auth/login').send({ email, password: 'maple-orbit-lantern' }).expect(200);
  await request(t.app).post('/api/auth/password/reset').send({ token, password: 'violet tram ocean pepper' }).expect(200);
  await request(t.app).post('/api/auth/login').send({ email, password: 'violet tram ocean pepper' }).expect(200);
});

it('stores only a hash of the token', async () => {
  const email = uniqueEmail();
  await signUp(t, agentFor(t), email);
  await request(t.app).post('/api/auth/password/forgot').send({ email }).expect(200);
  const token = await latestResetToken(t.dataDir, email);
  const rows = await t.ctx.db.selectFrom('password_reset_tokens').select('token_hash').execute();
  expect(rows.some((r) => r.token_hash === token)).toBe(false);
  expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
});

it('housekeeping forgets abandoned sign-ups, spent reset tokens and expired sessions', async () => {
  const pendingEmail = uniqueEmail();
  await request(t.app).post('/api/auth/signup').send({ email: pendingEmail, password: 'maple-orbit-lantern' }).expect(202);
  const email = uniqueEmail();
  await signUp(t, agentFor(t), email);
  await request(t.app).post('/api/auth/password/forgot').send({ email }).expect(200);
  await t.ctx.db.updateTable('sessions').set({ expire: new Date(Date.now() - 1000) }).execute();

  await t.ctx.housekeeping();
  expect(await t.ctx.db.selectFrom('pending_signups').select('email').where('email', '=', pendingEmail).execute()).toHaveLength(1);
  expect(await t.ctx.db.selectFrom('sessions').select('sid').execute()).toHaveLength(0);

  clock.advance(2 * 86_400_000);
  await t.ctx.housekeeping();
  expect(await t.ctx.db.selectFrom('pending_signups').select('email').where('email', '=', pendingEmail).execute()).toHaveLength(0);
  expect(await t.ctx.db.selectFrom('password_reset_tokens').select('token_hash').execute()).toHaveLength(0);
});
