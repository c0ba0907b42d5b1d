import { sql } from 'kysely';
import type { Logger } from 'pino';

import { setSessionFields, TEST_PASSWORD } from '../../test/auth-helpers.js';
import { signedInMember } from '../../test/members.js';
import { createTestApp, TestClock, type TestApp } from '../../test/test-app.js';
import { AuthService, type AuthServiceDeps } from './auth.service.js';
import { passwordStrengthLoaded } from './password-strength.js';
import { freshCampusSignIn, STEP_UP_WINDOW_MS } from './step-up.js';

// The step-up rule itself (auth/step-up.ts) and its campus path; each route's own step-up tests
// are with the route (features/account, features/admin, auth/account-security.test.ts).

const MINUTE = 60_000;
let t: TestApp;
const clock = new TestClock();

beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());

it('boots without loading the password dictionaries', () => {
  expect(passwordStrengthLoaded()).toBe(false);
});

describe('freshCampusSignIn', () => {
  const now = 1_800_000_000_000;
  it.each([
    ['a campus sign-in a minute ago', { signInMethod: 'campus', signedInAt: now - MINUTE, campusAuthenticatedAt: now - MINUTE }, true],
    ['a campus sign-in exactly 5 minutes ago', { signInMethod: 'campus', signedInAt: now - STEP_UP_WINDOW_MS, campusAuthenticatedAt: now - STEP_UP_WINDOW_MS }, true],
    ['a campus sign-in 5 minutes and 1 ms ago', { signInMethod: 'campus', signedInAt: now - STEP_UP_WINDOW_MS - 1, campusAuthenticatedAt: now - MINUTE }, false],
    ['a campus sign-in "in the future"', { signInMethod: 'campus', signedInAt: now + MINUTE, campusAuthenticatedAt: now + MINUTE }, false],
    ['a campus sign-in a second ago whose provider did not say when the member logged in', { signInMethod: 'campus', signedInAt: now - 1000 }, false],
    ['a campus sign-in just now through a provider login 10 minutes old', { signInMethod: 'campus', signedInAt: now, campusAuthenticatedAt: now - 10 * MINUTE }, false],
    ['a campus sign-in just now through a provider login just now', { signInMethod: 'campus', signedInAt: now, campusAuthenticatedAt: now - 1000 }, true],
    ['a password sign-in a second ago', { signInMethod: 'password', signedInAt: now - 1000 }, false],
    ['a session from before signInMethod existed', { signedInAt: now - 1000 }, false],
    ['no session', undefined, false],
  ] as const)('%s: %p', (_label, session, fresh) => {
    expect(freshCampusSignIn(session, now)).toBe(fresh);
  });
});

describe('verifyCurrentPassword', () => {
  const serviceWithHash = (hash: string | null) =>
    new AuthService({ auth: { passwordHashOf: () => Promise.resolve(hash) }, logger: {} as Logger } as unknown as AuthServiceDeps);

  it.each([null, ''])('never matches an account without a password (campus sign-in only: %p)', async (hash) => {
    for (const typed of ['', 'anything', 'null']) expect(await serviceWithHash(hash).verifyCurrentPassword('u', typed)).toBe(false);
  });

  it('matches the member’s own password only', async () => {
    const m = await signedInMember(t, 'Vera Verify', 'stepup');
    expect(await t.ctx.services.auth.verifyCurrentPassword(m.userId, TEST_PASSWORD)).toBe(true);
    expect(await t.ctx.services.auth.verifyCurrentPassword(m.userId, `${TEST_PASSWORD} `)).toBe(false);
    expect(await t.ctx.services.auth.verifyCurrentPassword(m.userId, '')).toBe(false);
  });
});

describe('the proof a route asks for (DELETE /api/account)', () => {
  const remove = (agent: Awaited<ReturnType<typeof signedInMember>>['agent'], body: Record<string, unknown> = {}) =>
    agent.delete('/api/account').send({ confirmation: 'DELETE MY ACCOUNT', ...body });

  it('a campus sign-in of the last 5 minutes is proof enough, without a password', async () => {
    const m = await signedInMember(t, 'Cam Pus', 'stepup');
    const at = clock.now().getTime() - 4 * MINUTE;
    await setSessionFields(t, m.userId, { signInMethod: 'campus', signedInAt: at, campusAuthenticatedAt: at });
    await remove(m.agent).expect(200);
  });

  it('an older campus sign-in is not: the password is asked', async () => {
    const m = await signedInMember(t, 'Old Campus', 'stepup');
    await setSessionFields(t, m.userId, { signInMethod: 'campus', signedInAt: clock.now().getTime(), campusAuthenticatedAt: clock.now().getTime() });
    clock.advance(STEP_UP_WINDOW_MS + 1000);
    const res = await remove(m.agent).expect(403);
    expect(res.body.error).toEqual({ code: 'step_up_required', message: 'Please confirm your password to continue.' });
    await remove(m.agent, { currentPassword: TEST_PASSWORD }).expect(200);
  });

  it('a password sign-in a moment ago is not proof: the password is asked again', async () => {
    const m = await signedInMember(t, 'Just Now', 'stepup');
    const { rows } = await sql<{ method: string }>`SELECT sess ->> 'signInMethod' AS method FROM sessions WHERE sess -> 'passport' ->> 'user' = ${m.userId}`.execute(t.ctx.db);
    expect(rows).toEqual([{ method: 'password' }]);
    expect((await remove(m.agent).expect(403)).body.error.code).toBe('step_up_required');
    expect((await remove(m.agent, { currentPassword: '' }).expect(403)).body.error.code).toBe('step_up_required');
  });

  it('an account without a password hash is never confirmed by a password', async () => {
    const m = await signedInMember(t, 'No Hash', 'stepup');
    await t.ctx.db.updateTable('users').set({ password_hash: '' }).where('id', '=', m.userId).execute();
    const res = await remove(m.agent, { currentPassword: '' }).expect(403);
    expect(res.body.error.code).toBe('step_up_required');
    for (const typed of [TEST_PASSWORD, 'x']) {
      const wrong = await remove(m.agent, { currentPassword: typed }).expect(403);
      expect(wrong.body.error).toEqual({ code: 'step_up_failed', message: 'Incorrect password. Please try again.' });
    }
    await m.agent.get('/api/profile').expect(200);
  });

  it('refuses a currentPassword that is not a string, or absurdly long', async () => {
    const m = await signedInMember(t, 'Odd Body', 'stepup');
    await remove(m.agent, { currentPassword: 12345678 }).expect(400);
    await remove(m.agent, { currentPassword: 'x'.repeat(1025) }).expect(400);
    await m.agent.get('/api/profile').expect(200);
  });
});
