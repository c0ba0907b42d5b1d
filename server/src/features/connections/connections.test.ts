import { agentFor } from '../../../test/auth-helpers.js';
import { type SignedInMember, signedInMember } from '../../../test/members.js';
import { createTestApp, TestClock, type TestApp } from '../../../test/test-app.js';

const clock = new TestClock();
let t: TestApp;
let ana: SignedInMember;
let bo: SignedInMember;
let cy: SignedInMember;

/** A member whose profile is complete (a bio), with their 8-digit code. */
async function member(name: string): Promise<SignedInMember & { code: string }> {
  const m = await signedInMember(t, name);
  await t.ctx.db.updateTable('profiles').set({ bio: `${name} likes coffee.` }).where('id', '=', m.profileId).execute();
  const profile = await m.agent.get('/api/profile').expect(200);
  return { ...m, code: profile.body.user_code as string };
}

const likedIds = async (m: SignedInMember) => ((await m.agent.get('/api/likes').expect(200)).body.likes as { profileId: string }[]).map((l) => l.profileId);
const tokenOf = async (m: SignedInMember) => (await m.agent.post('/api/connections/exchange-token').expect(200)).body.payload.token as string;

let anaCode: string;
let boCode: string;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  const a = await member('Ana Lee');
  const b = await member('Bo Chen');
  cy = await member('Cy Park');
  ana = a;
  bo = b;
  anaCode = a.code;
  boCode = b.code;
});
afterAll(() => t.close());

describe('find by code', () => {
  it('finds a member by their 8-digit code, trimmed and case-insensitive, and connects once', async () => {
    expect(anaCode).toMatch(/^[0-9]{8}$/);
    const found = await bo.agent.get(`/api/connections/code/${encodeURIComponent(` ${anaCode} `)}`).expect(200);
    expect(found.body).toMatchObject({ connected: false, profile: { id: ana.profileId, name: 'Ana Lee' } });

    const first = await bo.agent.post('/api/connections').send({ userCode: `  ${anaCode}` }).expect(200);
    expect(first.body).toMatchObject({ status: 'connected', profile: { id: ana.profileId } });
    const again = await bo.agent.post('/api/connections').send({ userCode: anaCode }).expect(200);
    expect(again.body.status).toBe('already_connected');
    expect(await likedIds(bo)).toEqual([ana.profileId]);
    expect((await bo.agent.get(`/api/connections/code/${anaCode}`).expect(200)).body.connected).toBe(true);
    // One way: Ana gets nothing of Bo's until she connects too.
    expect(await likedIds(ana)).toEqual([]);
  });

  it('answers in the spec\'s words: Enter a Code, User Not Found, That\'s You!', async () => {
    for (const blank of ['', '   ']) {
      expect((await bo.agent.post('/api/connections').send({ userCode: blank }).expect(400)).body.error.message).toBe('Please enter a user code to search.');
    }
    for (const wrong of ['00000000', 'ABCDEFGH', '1234', '12345678901']) {
      const res = await bo.agent.post('/api/connections').send({ userCode: wrong });
      expect([400, 404]).toContain(res.status);
      expect(res.body.error.message).toBe('No user found with this code. Please check and try again.');
    }
    const self = await bo.agent.post('/api/connections').send({ userCode: boCode }).expect(400);
    expect(self.body.error).toEqual({ code: 'self_connect', message: "You can't connect to yourself." });
    await bo.agent.get(`/api/connections/code/${boCode}`).expect(400);
    await bo.agent.post('/api/connections').send({ userCode: anaCode, token: 'x' }).expect(400);
    await agentFor(t).post('/api/connections').send({ userCode: anaCode }).expect(401);
    await agentFor(t).get(`/api/connections/code/${anaCode}`).expect(401);
  });

  it('does not find deleted members or members blocked either way', async () => {
    const dee = await member('Dee Gone');
    await t.ctx.db.insertInto('blocks').values({ blocker_id: cy.userId, blocked_id: ana.userId }).execute();
    await cy.agent.post('/api/connections').send({ userCode: anaCode }).expect(404);
    await ana.agent.get(`/api/connections/code/${(await cy.agent.get('/api/profile')).body.user_code as string}`).expect(404);
    await t.ctx.db.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', dee.userId).execute();
    await bo.agent.post('/api/connections').send({ userCode: dee.code }).expect(404);
  });

  it('is limited per member so codes cannot be enumerated', async () => {
    const limited = await createTestApp({ RATE_LIMIT_CODE_USER: '5/1h' });
    try {
      const m = await signedInMember(limited, 'Eve Guess');
      await limited.ctx.db.updateTable('profiles').set({ bio: 'Guessing.' }).where('id', '=', m.profileId).execute();
      for (let i = 0; i < 5; i++) await m.agent.get(`/api/connections/code/1000000${i}`).expect(404);
      const refused = await m.agent.post('/api/connections').send({ userCode: '10000009' }).expect(429);
      expect(refused.body.error.message).toMatch(/^Too many code searches\. Please try again in \d+ minutes?\.$/);
    } finally {
      await limited.close();
    }
  });
});

describe('profile exchange', () => {
  it('gives a payload of public card fields and a signed token, never contact details', async () => {
    await t.ctx.db.updateTable('profiles').set({ contact_info: { email: 'ana@private.example', phone: '555-0100', available: true } as never }).where('id', '=', ana.profileId).execute();
    const res = await ana.agent.post('/api/connections/exchange-token').expect(200);
    const { payload } = res.body;
    expect(payload.type).toBe('kindred_profile');
    expect(Object.keys(payload.profile).sort()).toEqual(['age', 'avatar_url', 'bio', 'created_at', 'id', 'interests', 'is_vip', 'location', 'name', 'profession', 'user_code'].sort());
    expect(payload.profile).toMatchObject({ id: ana.profileId, name: 'Ana Lee', user_code: anaCode });
    expect(JSON.stringify(payload)).not.toMatch(/private\.example|555-0100|contact|@/);
    expect(payload.token).toMatch(/^[0-9a-f-]{36}\.[0-9a-z]+\.[A-Za-z0-9_-]{32}$/);
    expect(new Date(res.body.expiresAt).getTime() - clock.now().getTime()).toBe(10 * 60_000 - (clock.now().getTime() % 1000));
  });

  it('connects by the token once, even when ten requests race', async () => {
    const token = await tokenOf(ana);
    const results = await Promise.all(Array.from({ length: 10 }, () => cy.agent.post('/api/connections').send({ token })));
    // Cy and Ana are blocked from the test above: unblock first to see the race.
    expect(results.every((r) => r.status === 404)).toBe(true);
    await t.ctx.db.deleteFrom('blocks').execute();
    const raced = await Promise.all(Array.from({ length: 10 }, () => cy.agent.post('/api/connections').send({ token }).expect(200)));
    expect(raced.filter((r) => r.body.status === 'connected')).toHaveLength(1);
    expect(raced.filter((r) => r.body.status === 'already_connected')).toHaveLength(9);
    expect(await likedIds(cy)).toEqual([ana.profileId]);
    // Replayed later: still one connection.
    expect((await cy.agent.post('/api/connections').send({ token }).expect(200)).body.status).toBe('already_connected');
    expect(await t.ctx.db.selectFrom('liked_profiles').select('user_id').where('user_id', '=', cy.userId).execute()).toHaveLength(1);
  });

  it('refuses forged, expired and own tokens', async () => {
    const token = await tokenOf(ana);
    const [profileId, expires, signature] = token.split('.') as [string, string, string];
    const forgeries = [
      `${bo.profileId}.${expires}.${signature}`,
      `${profileId}.${(parseInt(expires, 36) + 3600).toString(36)}.${signature}`,
      `${profileId}.${expires}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      'not-a-token',
      `${profileId}.${expires}`,
    ];
    for (const forged of forgeries) {
      expect((await bo.agent.post('/api/connections').send({ token: forged }).expect(400)).body.error).toEqual({
        code: 'exchange_invalid',
        message: 'Failed to process the received profile data.',
      });
    }
    expect((await ana.agent.post('/api/connections').send({ token }).expect(400)).body.error.message).toBe("You can't connect to yourself.");

    clock.advance(10 * 60_000 + 1000);
    await bo.agent.post('/api/auth/login').send({ email: bo.email, password: 'maple-orbit-lantern' }).expect(200);
    expect((await bo.agent.post('/api/connections').send({ token }).expect(410)).body.error.code).toBe('exchange_expired');
  });

  it('needs a complete profile of one\'s own (Profile Not Ready)', async () => {
    const newcomer = await signedInMember(t, 'New Comer'); // basic information only, no bio yet
    const refused = await newcomer.agent.post('/api/connections/exchange-token').expect(409);
    expect(refused.body.error.code).toBe('profile_not_ready');
    await newcomer.agent.post('/api/connections').send({ userCode: anaCode }).expect(409);
    await agentFor(t).post('/api/connections/exchange-token').expect(401);
  });
});
