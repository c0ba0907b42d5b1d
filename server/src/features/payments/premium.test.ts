import { signedInMember, type SignedInMember } from '../../../test/members.js';
import { makeProfile } from '../../../test/profiles-factory.js';
import { createTestApp, TestClock, type TestApp } from '../../../test/test-app.js';

// What premium unlocks, enforced by the server (policies/premium.ts, README "Premium"), and what it never does.
const clock = new TestClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEARCH_FREE_DAILY: '3' }, { clock });
});
afterAll(() => t.close());

const makePremium = (userId: string) =>
  t.ctx.db.updateTable('profiles').set({ is_vip: true, vip_expires_at: new Date(clock.now().getTime() + 30 * 86_400_000), premium_type: 'paid' }).where('user_id', '=', userId).execute();
const search = (m: SignedInMember) => m.agent.post('/api/search').send({ query: 'a friend who likes pottery' });

describe('the daily search allowance', () => {
  it('gives a free member SEARCH_FREE_DAILY searches a UTC day, then says when they renew', async () => {
    const free = await signedInMember(t, 'Ana Lee', 'allowance');
    for (let i = 0; i < 3; i++) await search(free).expect(200);
    const refused = await search(free).expect(429);
    const now = clock.now().getTime();
    const midnight = new Date(Math.floor(now / 86_400_000) * 86_400_000 + 86_400_000);
    expect(refused.body.error).toEqual({
      code: 'search_allowance_used',
      message: `You have used your 3 free searches for today. They renew at 00:00 UTC; premium members search without limit.`,
      details: { allowance: 3, resetsAt: midnight.toISOString() },
    });
    expect(Number(refused.headers['retry-after'])).toBe(Math.ceil((midnight.getTime() - now) / 1000));
    expect((await free.agent.get('/api/subscription').expect(200)).body.searchAllowance).toBe(3);

    clock.advance(midnight.getTime() - now + 1000);
    await search(free).expect(200);
  });

  it('does not count a premium member at all', async () => {
    const premium = await signedInMember(t, 'Bo Chen', 'allowance');
    await makePremium(premium.userId);
    for (let i = 0; i < 6; i++) await search(premium).expect(200);
    expect((await premium.agent.get('/api/subscription').expect(200)).body.searchAllowance).toBeNull();
  });
});

describe('contact info and what is never behind the paywall', () => {
  it('shows shared contact details to premium members only, and the reasons, analysis, reports and blocks to everyone', async () => {
    const sharer = await makeProfile(t, {
      name: 'Cy Potter',
      bio: 'I make pottery and look for a friend to throw clay with.',
      interests: ['Pottery'],
      contact_info: { available: true, entries: [{ label: 'Instagram', value: '@cy.clay' }] },
    });
    const free = await signedInMember(t, 'Di Wu', 'allowance');
    const premium = await signedInMember(t, 'Ed Kim', 'allowance');
    await makePremium(premium.userId);

    const seenBy = async (m: SignedInMember) => {
      const results = (await search(m).expect(200)).body.results as { id: string; contactInfo: unknown; whyMatch: string }[];
      return results.find((r) => r.id === sharer.profileId)!;
    };
    const freeView = await seenBy(free);
    expect(freeView.contactInfo).toEqual({ available: true, premiumOnly: true });
    expect(freeView.whyMatch).toEqual(expect.any(String));
    expect(JSON.stringify(freeView)).not.toContain('@cy.clay');
    expect((await seenBy(premium)).contactInfo).toEqual({ available: true, entries: [{ label: 'Instagram', value: '@cy.clay' }] });

    // The detailed analysis, a report and a block are for every member.
    await free.agent.post('/api/search/analysis').send({ profileId: sharer.profileId, searchQuery: 'a friend who likes pottery' }).expect(200);
    await free.agent.post('/api/reports').send({ profileId: sharer.profileId, reason: 'spam', note: 'test' }).expect((res) => expect([200, 201]).toContain(res.status));
    await free.agent.post('/api/blocks').send({ profileId: sharer.profileId }).expect((res) => expect([200, 201]).toContain(res.status));
    await free.agent.get('/api/account/export').expect(200);
  });
});
