import { agentFor, type Agent } from '../../../test/auth-helpers.js';
import { type SignedInMember, signedInMember } from '../../../test/members.js';
import { makeProfile, type MadeProfile } from '../../../test/profiles-factory.js';
import { createTestApp, TestClock, type TestApp } from '../../../test/test-app.js';

const ADMIN_EMAIL = 'ops@campus.example';
const DAY_MS = 86_400_000;
const clock = new TestClock();
let t: TestApp;
let admin: SignedInMember;
let viewer: SignedInMember;

interface Listed {
  id: string;
  name: string;
  matchPercentage?: number;
  whyMatch?: string;
  contactInfo?: unknown;
  userId?: string;
}

/** A member who tapped `location` while signed in (the visit the page records). */
async function tapped(location: string, overrides: Parameters<typeof makeProfile>[1] = {}): Promise<MadeProfile> {
  const made = await makeProfile(t, overrides);
  await t.ctx.services.touchpoints.visit(location, { userId: made.userId, cookieId: made.userId.replace(/-/g, '') });
  return made;
}

async function listed(location: string, agent: Agent): Promise<Listed[]> {
  return (await agent.get(`/api/locations/${location}/profiles`).expect(200)).body.profiles as Listed[];
}

const ids = (profiles: Listed[]) => profiles.map((p) => p.id);

beforeAll(async () => {
  // Listed at once here; the listing delay has its own test below.
  t = await createTestApp({ ADMIN_EMAIL, TOUCHPOINT_WINDOW_DAYS: '30', TOUCHPOINT_LIST_DELAY_MINUTES: '0' }, { clock });
  viewer = await signedInMember(t, 'Vi Ewer');
  await t.ctx.db
    .updateTable('profiles')
    .set({ bio: 'I love climbing and coffee.', interests: ['Climbing', 'Coffee'], looking_for: ['friend'] })
    .where('id', '=', viewer.profileId)
    .execute();
  await t.ctx.services.embeddings.embedProfile(viewer.profileId);
  admin = await signedInMember(t, 'Ops', 'ops');
  await t.ctx.db.updateTable('users').set({ email: ADMIN_EMAIL }).where('id', '=', admin.userId).execute();
  await t.ctx.services.auth.grantAdmin(ADMIN_EMAIL);
  const ops = await t.ctx.db.selectFrom('users').select('id').where('email', '=', ADMIN_EMAIL).executeTakeFirstOrThrow();
  await t.ctx.db.insertInto('nfc_locations').values({ location_id: 'climbing-wall', name: 'Climbing Wall', address: '6000 Student Union Blvd', created_by: ops.id }).execute();
  await t.ctx.db.insertInto('nfc_locations').values({ location_id: 'closed-cafe', name: 'Closed Café', address: null, is_active: false, created_by: ops.id }).execute();
});
afterAll(() => t.close());

describe('a touchpoint page', () => {
  it('exists as demo on every install, and names a visitor, a member and the administrator as such', async () => {
    const visitor = await agentFor(t).get('/api/locations/demo').expect(200);
    expect(visitor.body).toEqual({ location: { locationId: 'demo', name: 'Demo touchpoint', address: null, visitorCount: expect.any(Number) }, viewer: 'visitor' });
    expect((await viewer.agent.get('/api/locations/climbing-wall').expect(200)).body).toMatchObject({
      location: { locationId: 'climbing-wall', name: 'Climbing Wall', address: '6000 Student Union Blvd' },
      viewer: 'member',
    });
    const forAdmin = await admin.agent.get('/api/locations/CLIMBING-WALL').expect(200);
    expect(forAdmin.body).toMatchObject({ viewer: 'admin', figures: { profiles: expect.any(Number), visitors: expect.any(Number), comments: 0 } });
  });

  it('is a clear 404 for an unknown, inactive or malformed location', async () => {
    for (const id of ['nowhere', 'closed-cafe', 'has%20space', `${'x'.repeat(41)}`]) {
      const res = await agentFor(t).get(`/api/locations/${id}`).expect(404);
      expect(res.body.error).toEqual({ code: 'location_not_found', message: 'This touchpoint does not exist or is no longer active.' });
    }
    await agentFor(t).post('/api/locations/closed-cafe/visits').expect(404);
    await agentFor(t).get('/api/locations/closed-cafe/profiles').expect(404);
  });
});

describe('visits', () => {
  it('count once per visitor and day however often the page is reloaded, with the same ordinal', async () => {
    const before = (await agentFor(t).get('/api/locations/climbing-wall').expect(200)).body.location.visitorCount as number;
    const first = agentFor(t);
    const a = await first.post('/api/locations/climbing-wall/visits').expect(200);
    expect(a.headers['set-cookie']?.[0]).toMatch(/^visitor_id=[0-9a-f]{32}; Max-Age=\d+; Path=\/api\/locations; .*HttpOnly; SameSite=Lax/);
    expect(a.body).toEqual({ ordinal: before + 1, visitorCount: before + 1 });
    for (let i = 0; i < 3; i++) expect((await first.post('/api/locations/climbing-wall/visits').expect(200)).body).toEqual({ ordinal: before + 1, visitorCount: before + 1 });

    const second = agentFor(t);
    expect((await second.post('/api/locations/climbing-wall/visits').expect(200)).body).toEqual({ ordinal: before + 2, visitorCount: before + 2 });
    // Ten first visits at once: consecutive ordinals, none shared.
    const many = await Promise.all(Array.from({ length: 10 }, () => agentFor(t).post('/api/locations/climbing-wall/visits').expect(200)));
    expect(many.map((r) => r.body.ordinal as number).sort((x, y) => x - y)).toEqual(Array.from({ length: 10 }, (_, i) => before + 3 + i));

    clock.advance(DAY_MS);
    expect((await first.post('/api/locations/climbing-wall/visits').expect(200)).body.ordinal).toBe(before + 13);
  });

  it('counts a visitor who signs in the same day once, and a member once on any device', async () => {
    const loc = 'climbing-wall';
    const count = async () => (await agentFor(t).get(`/api/locations/${loc}`).expect(200)).body.location.visitorCount as number;
    const member = await signedInMember(t, 'Mo Bile');
    await member.agent.post('/api/auth/logout').expect(204);
    const before = await count();
    const anonymous = await member.agent.post(`/api/locations/${loc}/visits`).expect(200);
    await member.agent.post('/api/auth/login').send({ email: member.email, password: 'maple-orbit-lantern' }).expect(200);
    expect((await member.agent.post(`/api/locations/${loc}/visits`).expect(200)).body.ordinal).toBe(anonymous.body.ordinal);
    const otherDevice = agentFor(t);
    await otherDevice.post('/api/auth/login').send({ email: member.email, password: 'maple-orbit-lantern' }).expect(200);
    expect((await otherDevice.post(`/api/locations/${loc}/visits`).expect(200)).body.ordinal).toBe(anonymous.body.ordinal);
    expect(await count()).toBe(before + 1);
  });

  it('keep no address, no cookie and no account id in the clear, and are deleted after the window', async () => {
    const rows = await t.ctx.db.selectFrom('location_visits').select(['visitor_key']).execute();
    for (const row of rows) expect(row.visitor_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(rows.some((r) => r.visitor_key.includes(viewer.userId))).toBe(false);
    const count = async () => (await agentFor(t).get('/api/locations/climbing-wall').expect(200)).body.location.visitorCount as number;
    const before = await count();
    clock.advance(32 * DAY_MS);
    await t.ctx.housekeeping();
    expect(await t.ctx.db.selectFrom('location_visits').select('visitor_key').execute()).toEqual([]);
    expect(await count()).toBe(before); // the counter stays
  });
});

describe('who appears at a touchpoint', () => {
  // The clock moves weeks at a time here: sessions end, so the viewer and the admin sign in again.
  beforeEach(async () => {
    await viewer.agent.post('/api/auth/login').send({ email: viewer.email, password: 'maple-orbit-lantern' }).expect(200);
    await admin.agent.post('/api/auth/login').send({ email: ADMIN_EMAIL, password: 'maple-orbit-lantern' }).expect(200);
  });

  it('lists members who tapped while signed in within the window, never opted-out, deleted, hidden, incomplete or blocked ones', async () => {
    const shown = await tapped('climbing-wall', { name: 'Kai Climber', interests: ['Climbing', 'Hiking'], bio: 'Climbing most evenings.' });
    const optedOut = await tapped('climbing-wall', { name: 'Quiet One', show_at_touchpoints: false });
    const deleted = await tapped('climbing-wall', { name: 'Gone Soon' });
    await t.ctx.db.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', deleted.userId).execute();
    const hidden = await tapped('climbing-wall', { name: 'Hidden', hidden_at: new Date() });
    const incomplete = await tapped('climbing-wall', { name: 'Half Done', bio: null });
    const blocker = await tapped('climbing-wall', { name: 'Blocks Viewer' });
    await t.ctx.db.insertInto('blocks').values({ blocker_id: blocker.userId, blocked_id: viewer.userId }).execute();
    const elsewhere = await tapped('demo', { name: 'Elsewhere' });
    const sample = await makeProfile(t, { name: 'Sample Sal', is_sample: true });

    const forVisitor = ids(await listed('climbing-wall', agentFor(t)));
    expect(forVisitor).toContain(shown.profileId);
    expect(forVisitor).toContain(blocker.profileId); // a block hides members from each other only
    for (const gone of [optedOut, deleted, hidden, incomplete, elsewhere, sample]) expect(forVisitor).not.toContain(gone.profileId);
    const forMember = ids(await listed('climbing-wall', viewer.agent));
    expect(forMember).toContain(shown.profileId);
    expect(forMember).not.toContain(blocker.profileId);
    expect(forMember).not.toContain(viewer.profileId);

    // Sample members only at the demo touchpoint.
    const demo = ids(await listed('demo', agentFor(t)));
    expect(demo).toEqual(expect.arrayContaining([sample.profileId, elsewhere.profileId]));

    clock.advance(31 * DAY_MS);
    expect(ids(await listed('climbing-wall', agentFor(t)))).not.toContain(shown.profileId);
  });

  it('shows members match information sorted by it, and visitors cards without match, contact or account id', async () => {
    const close = await tapped('climbing-wall', { name: 'Close Match', interests: ['Climbing', 'Coffee'], bio: 'Climbing and coffee every day.', contact_info: { email: 'c@x.example', available: true } });
    const far = await tapped('climbing-wall', { name: 'Far Match', interests: ['Opera'], bio: 'Opera and knitting.', looking_for: ['partner'], age: 40, location: 'Toronto, Ontario, Canada' });

    const forMember = await viewer.agent.get('/api/locations/climbing-wall/profiles').expect(200);
    expect(forMember.body).toMatchObject({ viewer: 'member', query: 'a friend', location: { name: 'Climbing Wall' } });
    const profiles = forMember.body.profiles as Listed[];
    const percentages = profiles.map((p) => p.matchPercentage!);
    expect(percentages).toEqual([...percentages].sort((x, y) => y - x));
    for (const p of percentages) expect(Math.round(p * 10) / 10).toBe(p);
    expect(ids(profiles).indexOf(close.profileId)).toBeLessThan(ids(profiles).indexOf(far.profileId));
    const closeOne = profiles.find((p) => p.id === close.profileId)!;
    expect(closeOne.whyMatch).toContain('You both enjoy climbing and coffee.');
    expect(profiles.find((p) => p.id === far.profileId)!.whyMatch).toBe('Far Match has been at Climbing Wall recently.');
    expect(closeOne.contactInfo).toMatchObject({ available: true });

    const forVisitor = await agentFor(t).get('/api/locations/climbing-wall/profiles').expect(200);
    expect(forVisitor.body.viewer).toBe('visitor');
    const cards = forVisitor.body.profiles as Listed[];
    expect(cards.map((c) => c.name)).toEqual([...cards.map((c) => c.name)].sort((x, y) => x.localeCompare(y)));
    for (const card of cards) {
      expect(card).not.toHaveProperty('matchPercentage');
      expect(card).not.toHaveProperty('whyMatch');
      expect(card).not.toHaveProperty('contactInfo');
      expect(card).not.toHaveProperty('userId');
    }
    // Nothing says when anyone tapped.
    expect(JSON.stringify(forVisitor.body)).not.toMatch(/last_?seen|tapped_?at|visited/i);
  });

  it('forgets where a member was when they switch "show me at places I tap" off', async () => {
    const member = await signedInMember(t, 'Pri Vate');
    await t.ctx.db.updateTable('profiles').set({ bio: 'Reading.' }).where('id', '=', member.profileId).execute();
    await member.agent.post('/api/locations/climbing-wall/visits').expect(200);
    expect(ids(await listed('climbing-wall', agentFor(t)))).toContain(member.profileId);

    expect((await member.agent.get('/api/touchpoint-presence').expect(200)).body).toEqual({ showAtTouchpoints: true, listDelayMinutes: 0, windowDays: 30 });
    await member.agent.put('/api/touchpoint-presence').send({ show: false }).expect(200, { showAtTouchpoints: false, listDelayMinutes: 0, windowDays: 30 });
    expect((await member.agent.get('/api/profile').expect(200)).body.show_at_touchpoints).toBe(false);
    expect(ids(await listed('climbing-wall', agentFor(t)))).not.toContain(member.profileId);
    await member.agent.post('/api/locations/climbing-wall/visits').expect(200);
    await member.agent.put('/api/touchpoint-presence').send({ show: true }).expect(200);
    expect(ids(await listed('climbing-wall', agentFor(t)))).not.toContain(member.profileId);
    // Listed again from the next tap on.
    clock.advance(DAY_MS);
    await member.agent.post('/api/locations/climbing-wall/visits').expect(200);
    expect(ids(await listed('climbing-wall', agentFor(t)))).toContain(member.profileId);

    await agentFor(t).put('/api/touchpoint-presence').send({ show: false }).expect(401);
    await agentFor(t).get('/api/touchpoint-presence').expect(401);
    await member.agent.put('/api/touchpoint-presence').send({ show: 'no' }).expect(400);
  });

  it('gives the administrator the panel figures', async () => {
    const res = await admin.agent.get('/api/locations/climbing-wall').expect(200);
    const visitorProfiles = (await listed('climbing-wall', agentFor(t))).length;
    expect(res.body.figures).toEqual({ profiles: visitorProfiles, visitors: res.body.location.visitorCount, comments: 0 });
  });
});

describe('the listing delay', () => {
  it('lists a tap only an hour later, so watching a place does not tell who just arrived', async () => {
    const delayed = await createTestApp({ TOUCHPOINT_LIST_DELAY_MINUTES: '60' }, { clock });
    try {
      const arrived = await makeProfile(delayed, { name: 'Just Arrived' });
      const regular = await makeProfile(delayed, { name: 'Regular' });
      const visit = (m: MadeProfile) => delayed.ctx.services.touchpoints.visit('demo', { userId: m.userId, cookieId: m.userId.replace(/-/g, '') });
      const shown = async () => ((await agentFor(delayed).get('/api/locations/demo/profiles').expect(200)).body.profiles as Listed[]).map((p) => p.name);

      await visit(regular);
      clock.advance(DAY_MS);
      await visit(regular); // taps again today: still listed from yesterday's tap
      await visit(arrived);
      expect(await shown()).toEqual(['Regular']);
      clock.advance(59 * 60_000);
      expect(await shown()).toEqual(['Regular']);
      clock.advance(2 * 60_000);
      expect(await shown()).toEqual(['Just Arrived', 'Regular']);
    } finally {
      await delayed.close();
    }
  });
});
