import request from 'supertest';

import { agentFor, signUp, type Agent } from '../../../test/auth-helpers.js';
import { latestCode } from '../../../test/outbox.js';
import { makeProfile } from '../../../test/profiles-factory.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

// Campus-only membership (SIGNUP_EMAIL_DOMAINS) and the "verified campus member" mark.
const PASSWORD = 'violet tram ocean pepper';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ SIGNUP_EMAIL_DOMAINS: 'example.edu,.student.example.edu' });
});
afterAll(() => t.close());

describe('sign-up with SIGNUP_EMAIL_DOMAINS', () => {
  it('refuses an address outside the domains with a message naming them', async () => {
    const res = await request(t.app).post('/api/auth/signup').send({ email: 'x@gmail.com', password: PASSWORD }).expect(400);
    expect(res.body.error).toEqual({
      code: 'email_domain_not_allowed',
      message: 'Only campus e-mail addresses can join: please use an address at example.edu or student.example.edu (or any subdomain).',
    });
    expect(await t.ctx.db.selectFrom('pending_signups').select('email').where('email', '=', 'x@gmail.com').executeTakeFirst()).toBeUndefined();
  });

  it.each(['x@example.edu', 'y@student.example.edu', 'z@cs.student.example.edu'])('accepts %s, marked a verified campus member', async (email) => {
    await signUp(t, agentFor(t), email, PASSWORD);
    const user = await t.ctx.db.selectFrom('users').select('campus_verified_at').where('email', '=', email).executeTakeFirstOrThrow();
    expect(user.campus_verified_at).not.toBeNull();
  });

  it('refuses a subdomain of a domain listed without the leading dot', async () => {
    await request(t.app).post('/api/auth/signup').send({ email: 'x@cs.example.edu', password: PASSWORD }).expect(400);
  });

  it('is checked again when the code is confirmed', async () => {
    // A sign-up pending from before the setting changed cannot finish outside the domains.
    const open = await createTestApp({}, {});
    try {
      const agent = agentFor(open);
      await agent.post('/api/auth/signup').send({ email: 'old@gmail.com', password: PASSWORD }).expect(202);
      const code = await latestCode(open.dataDir, 'old@gmail.com');
      await open.ctx.db.deleteFrom('users').execute();
      const pending = await open.ctx.db.selectFrom('pending_signups').selectAll().execute();
      await t.ctx.db.insertInto('pending_signups').values(pending).execute();
      await agentFor(t).post('/api/auth/signup/verify').send({ email: 'old@gmail.com', code }).expect(400);
    } finally {
      await open.close();
    }
  });
});

describe('the verified campus member mark', () => {
  async function searcher(): Promise<Agent> {
    const agent = agentFor(t);
    await signUp(t, agent, `searcher-${Date.now()}@example.edu`, PASSWORD);
    return agent;
  }

  it('is on search results and the profile card, and follows the domains as they are set', async () => {
    const campus = await makeProfile(t, { name: 'Campus Cara', bio: 'I love bouldering and climbing walls.' }, { embed: true });
    const outside = await makeProfile(t, { name: 'Outside Olly', bio: 'I love bouldering and climbing walls.' });
    await t.ctx.db.updateTable('users').set({ email: `cara-${Date.now()}@example.edu` }).where('id', '=', campus.userId).execute();
    await t.ctx.services.campus.reconcileVerification();

    const agent = await searcher();
    const results = (await agent.post('/api/search').send({ query: 'friends who love bouldering and climbing' }).expect(200)).body.results as { id: string; campusVerified: boolean }[];
    expect(results.find((r) => r.id === campus.profileId)?.campusVerified).toBe(true);
    expect(results.find((r) => r.id === outside.profileId)?.campusVerified).toBe(false);
    expect((await agent.get(`/api/profiles/${campus.profileId}`).expect(200)).body.campusVerified).toBe(true);
    expect((await agent.get(`/api/profiles/${outside.profileId}`).expect(200)).body.campusVerified).toBe(false);
  });

  it('is lost by an address outside the domains, unless a campus identity vouches for it', async () => {
    const gone = await makeProfile(t, {}, { embed: false });
    const vouched = await makeProfile(t, {}, { embed: false });
    await t.ctx.db.updateTable('users').set({ campus_verified_at: new Date() }).where('id', 'in', [gone.userId, vouched.userId]).execute();
    await t.ctx.db.insertInto('user_identities').values({ issuer: 'https://idp.example.edu', subject: 's-1', user_id: vouched.userId, email: vouched.email }).execute();
    await t.ctx.services.campus.reconcileVerification();
    const rows = await t.ctx.db.selectFrom('users').select(['id', 'campus_verified_at']).where('id', 'in', [gone.userId, vouched.userId]).execute();
    expect(rows.find((r) => r.id === gone.userId)?.campus_verified_at).toBeNull();
    expect(rows.find((r) => r.id === vouched.userId)?.campus_verified_at).not.toBeNull();
  });
});

describe('SEARCH_VERIFIED_ONLY=on', () => {
  it('finds verified campus members only', async () => {
    const only = await createTestApp({ SIGNUP_EMAIL_DOMAINS: '.example.edu', SEARCH_VERIFIED_ONLY: 'on' });
    try {
      const campus = await makeProfile(only, { name: 'Campus Cara', bio: 'Kayaking every weekend.', email: 'cara@example.edu' });
      const outside = await makeProfile(only, { name: 'Outside Olly', bio: 'Kayaking every weekend.', email: 'olly@gmail.com' });
      await only.ctx.services.campus.reconcileVerification();
      const agent = agentFor(only);
      await signUp(only, agent, 'viewer@example.edu', PASSWORD);
      const ids = ((await agent.post('/api/search').send({ query: 'friends who go kayaking' }).expect(200)).body.results as { id: string }[]).map((r) => r.id);
      expect(ids).toContain(campus.profileId);
      expect(ids).not.toContain(outside.profileId);
      const settings = (await createAdminSettings(only)) as { name: string; value: string }[];
      expect(settings.find((s) => s.name === 'SEARCH_VERIFIED_ONLY')?.value).toBe('on');
      expect(settings.find((s) => s.name === 'AUTH_PASSWORD')).toMatchObject({ value: 'on', secret: false });
    } finally {
      await only.close();
    }
  });
});

describe('the "Campus-verified only" chip', () => {
  it('leaves out members who are not campus-verified when asked, and only then', async () => {
    const app = await createTestApp({ SIGNUP_EMAIL_DOMAINS: '.example.edu' });
    try {
      const campus = await makeProfile(app, { name: 'Campus Cara', bio: 'Kayaking every weekend.', email: 'cara@example.edu' });
      const outside = await makeProfile(app, { name: 'Outside Olly', bio: 'Kayaking every weekend.', email: 'olly@gmail.com' });
      await app.ctx.services.campus.reconcileVerification();
      const agent = agentFor(app);
      await signUp(app, agent, 'viewer@example.edu', PASSWORD);
      const found = async (body: object) => ((await agent.post('/api/search').send({ query: 'friends who go kayaking', ...body }).expect(200)).body.results as { id: string }[]).map((r) => r.id);
      expect(await found({})).toEqual(expect.arrayContaining([campus.profileId, outside.profileId]));
      expect(await found({ verifiedOnly: false })).toEqual(expect.arrayContaining([campus.profileId, outside.profileId]));
      const verified = await found({ verifiedOnly: true });
      expect(verified).toContain(campus.profileId);
      expect(verified).not.toContain(outside.profileId);
      const refused = await agent.post('/api/search').send({ query: 'kayaking', verifiedOnly: 'yes' }).expect(400);
      expect(refused.body.error.message).toContain('verifiedOnly must be true or false.');
    } finally {
      await app.close();
    }
  });
});

/** The admin Settings tab's list, as the admin service answers it. */
function createAdminSettings(app: TestApp) {
  return Promise.resolve(app.ctx.services.admin.settings().settings);
}
