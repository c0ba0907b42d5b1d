import request from 'supertest';

import { agentFor, signUp, uniqueEmail } from '../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// Brute force and cross-site requests, with limits low enough to reach.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_LOGIN_ACCOUNT: '3/15m',
    RATE_LIMIT_LOGIN_IP: '8/15m',
    RATE_LIMIT_SIGNUP_EMAIL: '2/1h',
    RATE_LIMIT_FORGOT_EMAIL: '2/1h',
    RATE_LIMIT_VERIFY_EMAIL: '4/1h',
    TRUST_PROXY: '1',
  });
});
afterAll(() => t.close());

describe('rate limits', () => {
  it('stops password guessing per account, whatever address the guesses come from', async () => {
    const email = uniqueEmail();
    await signUp(t, agentFor(t), email);
    for (let i = 0; i < 3; i++) {
      await request(t.app).post('/api/auth/login').set('x-forwarded-for', `203.0.113.${i}`).send({ email, password: 'guess' }).expect(401);
    }
    const res = await request(t.app).post('/api/auth/login').set('x-forwarded-for', '203.0.113.99').send({ email, password: 'maple-orbit-lantern' }).expect(429);
    expect(res.body.error).toEqual({ code: 'rate_limited', message: 'Too many attempts. Please try again later.' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('stops password guessing through the step-up as at sign-in: 3 attempts, then 429 even for the right password', async () => {
    const agent = agentFor(t);
    const email = uniqueEmail();
    await signUp(t, agent, email);
    const remove = (currentPassword: string) => agent.delete('/api/account').send({ confirmation: 'DELETE MY ACCOUNT', currentPassword });
    for (let i = 0; i < 3; i++) expect((await remove(`guess-${i}`).expect(403)).body.error.code).toBe('step_up_failed');
    expect((await remove('maple-orbit-lantern').expect(429)).body.error.code).toBe('rate_limited');
    // Asking without a password counts nothing and says what is needed.
    expect((await agent.delete('/api/account').send({ confirmation: 'DELETE MY ACCOUNT' }).expect(403)).body.error.code).toBe('step_up_required');
    expect((await agent.get('/api/auth/session').expect(200)).body.user.email).toBe(email);
  });

  it('stops one address trying many accounts', async () => {
    for (let i = 0; i < 8; i++) {
      await request(t.app).post('/api/auth/login').set('x-forwarded-for', '198.51.100.7').send({ email: uniqueEmail(), password: 'x' }).expect(404);
    }
    await request(t.app).post('/api/auth/login').set('x-forwarded-for', '198.51.100.7').send({ email: uniqueEmail(), password: 'x' }).expect(429);
    await request(t.app).post('/api/auth/login').set('x-forwarded-for', '198.51.100.8').send({ email: uniqueEmail(), password: 'x' }).expect(404);
  });

  it('caps the codes mailed to one address', async () => {
    const email = uniqueEmail();
    await request(t.app).post('/api/auth/signup').send({ email, password: 'maple-orbit-lantern' }).expect(202);
    await request(t.app).post('/api/auth/signup/resend').send({ email }).expect(429); // cooldown, counted
    await request(t.app).post('/api/auth/signup/resend').send({ email }).expect(429);
    const res = await request(t.app).post('/api/auth/signup/resend').send({ email });
    expect(res.body.error.code).toBe('rate_limited');
  });

  it('caps verify attempts per address across codes', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 4; i++) await request(t.app).post('/api/auth/signup/verify').send({ email, code: '000000' }).expect(400);
    await request(t.app).post('/api/auth/signup/verify').send({ email, code: '000000' }).expect(429);
  });

  it('caps reset mails per address', async () => {
    const email = uniqueEmail();
    await request(t.app).post('/api/auth/password/forgot').send({ email }).expect(200);
    await request(t.app).post('/api/auth/password/forgot').send({ email }).expect(200);
    await request(t.app).post('/api/auth/password/forgot').send({ email }).expect(429);
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing request from another origin', async () => {
    const res = await request(t.app)
      .post('/api/auth/login')
      .set('origin', 'https://evil.example')
      .send({ email: uniqueEmail(), password: 'x' })
      .expect(403);
    expect(res.body.error.code).toBe('cross_site_request');
    await request(t.app).post('/api/auth/logout').set('sec-fetch-site', 'cross-site').expect(403);
  });

  it('accepts the same origin', async () => {
    await request(t.app).post('/api/auth/logout').set('host', 'kindred.test').set('origin', 'http://kindred.test').set('sec-fetch-site', 'same-origin').expect(204);
  });

  it('refuses a body that is not JSON (what a cross-site form would send)', async () => {
    const res = await request(t.app).post('/api/auth/login').type('form').send('email=a@example.com&password=x').expect(415);
    expect(res.body.error.code).toBe('unsupported_media_type');
  });
});
