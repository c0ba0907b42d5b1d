import type { ProfilesTable } from '../../db/schema.js';
import type { Updateable } from 'kysely';

import { signedInMember, type SignedInMember } from '../../../test/members.js';
import { makeProfile } from '../../../test/profiles-factory.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import type { SearchResponse } from './search.service.js';

// @both-engines: the wishes are read in SQL (search.repository's wishesCondition), on PGlite as on Postgres.

/**
 * Two-way wishes (issue 34): by default a search leaves out members whose own stated wishes
 * exclude the searcher — the kind of relationship they look for and, for a partner search, whom
 * their own partner search would find. "Show everyone" (`showEveryone: true`) shows them again.
 */
let t: TestApp;
let straightMan: SignedInMember;
let noStatus: SignedInMember;

const paddler = { interests: ['Kayaking'], bio: 'I go kayaking every weekend.', enhanced_background: 'A student who kayaks.' };

async function withProfile(name: string, columns: Updateable<ProfilesTable>): Promise<SignedInMember> {
  const member = await signedInMember(t, name, 'wishes');
  await t.ctx.db.updateTable('profiles').set({ ...paddler, ...columns }).where('id', '=', member.profileId).execute();
  await t.ctx.services.embeddings.embedProfile(member.profileId);
  return member;
}

beforeAll(async () => {
  t = await createTestApp();
  straightMan = await withProfile('Max Viewer', { gender: 'male', relationship_status: 'single_straight', looking_for: ['partner', 'activity_partner'] });
  noStatus = await withProfile('Noor Viewer', { gender: null, relationship_status: null, looking_for: ['partner'] });
  await makeProfile(t, { ...paddler, name: 'Wendy Wants', gender: 'female', relationship_status: 'single_straight', looking_for: ['partner'] });
  await makeProfile(t, { ...paddler, name: 'Fay Friends', gender: 'female', relationship_status: 'single_straight', looking_for: ['friend'] });
  await makeProfile(t, { ...paddler, name: 'Ada Anything', gender: 'female', relationship_status: 'single_straight', looking_for: [] });
});

afterAll(async () => {
  await t?.close();
});

async function names(member: SignedInMember, query: string, options: { showEveryone?: boolean } = {}): Promise<string[]> {
  const res = await member.agent.post('/api/search').send({ query, ...options }).expect(200);
  return (res.body as SearchResponse).results.map((r) => r.name!).sort();
}

describe('two-way wishes in search', () => {
  it('leave out a member who does not look for the kind of relationship searched for', async () => {
    expect(await names(straightMan, 'a girlfriend who loves kayaking')).toEqual(['Ada Anything', 'Wendy Wants']);
    // Fay looks for friends: glad of an activity partner, not of a date. Wendy looks for a partner only.
    expect(await names(straightMan, 'someone to go kayaking with')).toEqual(['Ada Anything', 'Fay Friends']);
  });

  it('leave out a partner whose own partner search would not find the searcher', async () => {
    // Noor states no status: a straight woman's (or man's) own partner search finds only single straight members of the other gender.
    expect(await names(noStatus, 'a partner who loves kayaking')).toEqual([]);
  });

  it('"Show everyone" shows them all again, the searcher’s own filters still applied', async () => {
    expect(await names(straightMan, 'a girlfriend who loves kayaking', { showEveryone: true })).toEqual(['Ada Anything', 'Fay Friends', 'Wendy Wants']);
    expect(await names(straightMan, 'someone to go kayaking with', { showEveryone: true })).toEqual(['Ada Anything', 'Fay Friends', 'Wendy Wants']);
    expect(await names(noStatus, 'a partner who loves kayaking', { showEveryone: true })).toEqual(['Ada Anything', 'Fay Friends', 'Max Viewer', 'Wendy Wants']);
  });

  it('refuses a "Show everyone" that is not true or false', async () => {
    const res = await straightMan.agent.post('/api/search').send({ query: 'kayaking', showEveryone: 'yes' }).expect(400);
    expect(res.body.error.message).toContain('showEveryone must be true or false.');
  });
});
