import request from 'supertest';

import { sessionCookie, TEST_PASSWORD, uniqueEmail } from '../../test/auth-helpers.js';
import { latestCode } from '../../test/outbox.js';
import { createTestApp } from '../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';

// The rule: after a restart with SESSION_SECRET=new and SESSION_SECRET_PREVIOUS=old, a cookie
// signed under old still opens its session; with SESSION_SECRET=new alone it does not.
const OLD = 'old-secret-old-secret-old-secret-0';
const NEW = 'new-secret-new-secret-new-secret-1';

let database: TestDatabase;
let cookie: string;
let email: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const before = await createTestApp({ SESSION_SECRET: OLD }, { database });
  try {
    email = uniqueEmail('rotation');
    await request(before.app).post('/api/auth/signup').send({ email, password: TEST_PASSWORD }).expect(202);
    const code = await latestCode(before.dataDir, email);
    const verified = await request(before.app).post('/api/auth/signup/verify').send({ email, code }).expect(200);
    cookie = sessionCookie(verified) ?? '';
    const res = await request(before.app).get('/api/auth/session').set('Cookie', cookie).expect(200);
    expect(res.body.user).toMatchObject({ email });
  } finally {
    await before.close();
  }
  expect(cookie).toMatch(/^kindred\.sid=s%3A/);
});
afterAll(() => database.drop());

async function sessionUnder(env: Record<string, string>) {
  const t = await createTestApp(env, { database });
  try {
    return await request(t.app).get('/api/auth/session').set('Cookie', cookie).expect(200);
  } finally {
    await t.close();
  }
}

it('keeps a member signed in across a rotation while the old secret is SESSION_SECRET_PREVIOUS', async () => {
  const res = await sessionUnder({ SESSION_SECRET: NEW, SESSION_SECRET_PREVIOUS: OLD });
  expect(res.body.user).toMatchObject({ email });
  // The rolling cookie of that response is signed with the new secret: after the rotation ends
  // (PREVIOUS removed) this member is still signed in.
  const resigned = sessionCookie(res);
  expect(resigned).toBeDefined();
  expect(resigned).not.toBe(cookie);
  const t = await createTestApp({ SESSION_SECRET: NEW }, { database });
  try {
    const after = await request(t.app).get('/api/auth/session').set('Cookie', resigned!).expect(200);
    expect(after.body.user).toMatchObject({ email });
  } finally {
    await t.close();
  }
});

it('signs the member out when the old secret is gone (no SESSION_SECRET_PREVIOUS)', async () => {
  const res = await sessionUnder({ SESSION_SECRET: NEW });
  expect(res.body.user).toBeNull();
});
