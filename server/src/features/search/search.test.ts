import { sql } from 'kysely';
import request from 'supertest';

import { agentFor, signUp, uniqueEmail, type Agent } from '../../../test/auth-helpers.js';
import { makeProfile, type MadeProfile, type ProfileOverrides } from '../../../test/profiles-factory.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { HNSW_EF_SEARCH, SearchRepository, vectorIndexName } from './search.repository.js';
import { TooManyRequestsError } from '../../errors.js';
import type { SearchResult } from './search.service.js';
import { SearchAnalysisRepository } from '../search-analysis/search-analysis.repository.js';
import { SearchAnalysisService } from '../search-analysis/search-analysis.service.js';
import { falseSentences } from '../../../test/why-match-check.js';

let t: TestApp;
let viewer: Agent;
let viewerProfile: MadeProfile;
const people: Record<string, MadeProfile> = {};

/** Signs a member up through the real flow, then completes their profile directly. */
async function signedInMember(columns: ProfileOverrides): Promise<{ agent: Agent; profile: MadeProfile }> {
  const agent = agentFor(t);
  const email = uniqueEmail('searcher');
  await signUp(t, agent, email);
  const user = await t.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const profile = await t.ctx.db
    .updateTable('profiles')
    .set({
      name: 'Vera Viewer',
      birth_date: '2004-01-01',
      age: 22,
      location: 'Vancouver, British Columbia, Canada',
      gender: 'female',
      profession: 'Student',
      relationship_status: 'single_straight',
      bio: "I'm into hiking and photography.",
      interests: ['Hiking', 'Photography'],
      looking_for: ['friend', 'activity_partner'],
      core_values: ['Honesty'],
      ...columns,
    })
    .where('user_id', '=', user.id)
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.ctx.services.embeddings.embedProfile(profile.id);
  return { agent, profile: { userId: user.id, profileId: profile.id, email } };
}

const hiker: ProfileOverrides = {
  interests: ['Hiking', 'Camping', 'Photography'],
  bio: "I'm into hiking, camping and photography. Weekend trail trips are my favourite.",
  enhanced_background: 'Hana is a student in Vancouver who loves the outdoors.',
  looking_for: ['activity_partner', 'friend'],
};

/** Also hikers, but less so than Hana: hiking is one of two interests and they share less with the viewer. */
const otherHiker: ProfileOverrides = {
  interests: ['Hiking', 'Board games'],
  bio: "I'm into hiking and board games.",
  enhanced_background: 'A student in Vancouver.',
  // Two-way wishes: each fixture looks for what the searches below find it for.
  looking_for: ['friend', 'activity_partner'],
};

beforeAll(async () => {
  t = await createTestApp();
  ({ agent: viewer, profile: viewerProfile } = await signedInMember({}));
  people.hiker = await makeProfile(t, { ...hiker, name: 'Hana Hiker', age: 23, card_type: 'text', card_text: 'Sunrise at the summit' });
  people.gamer = await makeProfile(t, {
    name: 'Gus Gamer',
    gender: 'male',
    age: 30,
    location: 'Toronto, Ontario, Canada',
    interests: ['Video games', 'Board games'],
    bio: "I'm into video games and board games.",
    enhanced_background: 'Gus is a developer in Toronto.',
    looking_for: ['friend', 'activity_partner'],
    is_vip: true,
    vip_expires_at: new Date(Date.now() + 86_400_000),
  });
  people.reader = await makeProfile(t, { name: 'Rita Reader', is_vip: true, vip_expires_at: new Date(Date.now() - 86_400_000) });
  people.deleted = await makeProfile(t, { ...otherHiker, name: 'Dee Deleted', deleted: true });
  people.incomplete = await makeProfile(t, { ...otherHiker, name: 'Ian Incomplete', birth_date: null });
  people.taken = await makeProfile(t, { ...otherHiker, name: 'Tom Taken', gender: 'male', relationship_status: 'not_single' });
  people.single = await makeProfile(t, { ...otherHiker, name: 'Sam Single', gender: 'male', looking_for: ['partner', 'activity_partner', 'friend'] });
  people.lgbtq = await makeProfile(t, { ...otherHiker, name: 'Lee Lgbtq', gender: 'male', relationship_status: 'single_lgbtq', looking_for: ['partner'] });
});
afterAll(async () => {
  await t.ctx.services.search.idle();
  await t.ctx.services.searchAnalysis.idle();
  await t.close();
});

async function search(query: string, agent = viewer): Promise<{ intent: string; results: SearchResult[] }> {
  const res = await agent.post('/api/search').send({ query }).expect(200);
  expect(res.body.query).toBe(query);
  return res.body;
}

const ids = (results: SearchResult[]) => results.map((r) => r.id);
const names = (results: SearchResult[]) => results.map((r) => r.name);

async function profileRow(profileId: string) {
  return t.ctx.db.selectFrom('profiles').selectAll().where('id', '=', profileId).executeTakeFirstOrThrow();
}

/** Checks every sentence of a whyMatch against both profiles. */
async function expectTruthful(result: SearchResult, query: string): Promise<void> {
  const mine = await profileRow(viewerProfile.profileId);
  const theirs = await profileRow(result.id);
  expect(falseSentences(result.whyMatch, query, mine, theirs)).toEqual([]);
}

describe('POST /api/search', () => {
  it('refuses signed-out members and blank queries', async () => {
    await request(t.app).post('/api/search').send({ query: 'hiking' }).expect(401);
    const blank = await viewer.post('/api/search').send({ query: '   ' }).expect(400);
    expect(blank.body.error.message).toBe('Please enter a search query.');
    const missing = await viewer.post('/api/search').send({}).expect(400);
    expect(missing.body.error.message).toBe('Please enter a search query.');
    await viewer.post('/api/search').send({ query: 'x'.repeat(501) }).expect(400);
  });

  it('ranks the hiker first for a hiking query and never returns self, deleted or incomplete profiles', async () => {
    const query = 'someone to go hiking with';
    const body = await search(query);
    expect(body.intent).toBe('activity_partner');
    const { results } = body;
    expect(results[0]!.name).toBe('Hana Hiker');
    expect(ids(results)).not.toContain(viewerProfile.profileId);
    expect(ids(results)).not.toContain(people.deleted!.profileId);
    expect(ids(results)).not.toContain(people.incomplete!.profileId);
    // Not a partner search: members who are not single are fine as activity partners.
    expect(names(results)).toContain('Tom Taken');
    expect(names(results).indexOf('Gus Gamer')).toBeGreaterThan(names(results).indexOf('Tom Taken'));

    const top = results[0]!;
    expect(top.whyMatch).toContain('Hana Hiker lists hiking among their interests');
    expect(top).toMatchObject({
      id: people.hiker!.profileId,
      userId: people.hiker!.userId,
      age: 23,
      location: 'Vancouver, British Columbia, Canada',
      profession: 'Student',
      interests: ['Hiking', 'Camping', 'Photography'],
      connectionType: 'match',
      analysisStatus: 'pending',
      ip_address: null,
      isVip: false,
      contactInfo: { available: false },
      firstMoment: { type: 'text', textContent: 'Sunrise at the summit', imageUrl: null, videoUrl: null, caption: null },
    });
    expect(top.vectorSimilarity).toBeGreaterThan(0);
    for (const key of ['personalityMatch', 'lifestyleAlignment', 'growthPotential'] as const) {
      expect(top[key]).toBeGreaterThanOrEqual(0);
      expect(top[key]).toBeLessThanOrEqual(100);
    }
  });

  it('gives match percentages with one decimal, sorted descending, and explains only true facts', async () => {
    for (const query of ['someone to go hiking with', 'friends in their 20s who like photography', 'board games in Toronto', 'someone kind']) {
      const { results } = await search(query);
      expect(results.length).toBeGreaterThan(0);
      const percentages = results.map((r) => r.matchPercentage);
      expect(percentages).toEqual([...percentages].sort((a, b) => b - a));
      for (const p of percentages) {
        expect(Math.round(p * 10) / 10).toBe(p);
        expect(p).toBeGreaterThanOrEqual(55);
        expect(p).toBeLessThanOrEqual(99);
      }
      for (const result of results) await expectTruthful(result, query);
    }
    const toronto = await search('board games in Toronto');
    expect(toronto.results[0]!.name).toBe('Gus Gamer');
    expect(toronto.results[0]!.isVip).toBe(true);
    const rita = (await search('someone who likes reading and coffee')).results.find((r) => r.name === 'Rita Reader');
    expect(rita?.isVip).toBe(false);
  });

  it('never returns a member who is not single for a partner search, and follows the viewer’s status', async () => {
    const body = await search('a boyfriend who loves hiking');
    expect(body.intent).toBe('partner');
    // A straight woman's partner search: single straight men only; "a partner" is a stated rule,
    // so Gus, who does not hike, is left out (matching/rank.ts, answersQuery).
    expect(names(body.results)).toEqual(['Sam Single']);

    const { agent: lgbtqViewer } = await signedInMember({ name: 'Quinn Queer', gender: 'male', relationship_status: 'single_lgbtq' });
    const lgbtq = await search('looking for a partner who likes hiking', lgbtqViewer);
    expect(names(lgbtq.results)).toEqual(['Lee Lgbtq']);

    const friends = await search('friends who like hiking', lgbtqViewer);
    expect(names(friends.results)).toEqual(expect.arrayContaining(['Tom Taken', 'Sam Single', 'Hana Hiker', 'Vera Viewer']));
  });

  it('reads what the query rules out: never searched for, ranked down', async () => {
    // Without the negation, "video games" finds the gamer first.
    expect((await search('someone who plays video games')).results[0]!.name).toBe('Gus Gamer');
    const { results } = await search("someone who doesn't play video games");
    expect(results.length).toBeGreaterThan(1);
    expect(results.at(-1)!.name).toBe('Gus Gamer');
    for (const r of results) expect(r.whyMatch).not.toMatch(/video games/i);
  });

  it('logs every search', async () => {
    await search('bouldering buddies near me');
    await t.ctx.services.search.idle(); // the log is written in batches
    const row = await t.ctx.db
      .selectFrom('user_searches')
      .selectAll()
      .where('user_id', '=', viewerProfile.userId)
      .where('query', '=', 'bouldering buddies near me')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ intent: 'activity_partner' });
    expect(row.result_count).toBeGreaterThanOrEqual(0);
  });

  it('retrieves by the HNSW index of the built-in model and the full-text index, in one statement', async () => {
    const repository = new SearchRepository(t.ctx.db);
    const [vector] = await t.ctx.ai.embed(['hiking in vancouver']);
    const plan = await t.ctx.db.transaction().execute((trx) =>
      repository.explainRetrieve(trx, {
        viewerUserId: viewerProfile.userId,
        vector: { model: t.ctx.ai.models.embedding, dimensions: vector!.length, vector: vector! },
        keywords: ['hiking', 'vancouver'],
        skipLexemes: [],
        filters: {},
        queryHash: 'x',
        k: 100,
      }),
    );
    expect(plan).toContain('profile_embeddings_builtin_hnsw_idx');
    expect(plan).toContain('profile_search_documents_document_idx');
  });

  it('prepares the retrieval statement once per connection on a Postgres server', async () => {
    const [vector] = await t.ctx.ai.embed(['hiking']);
    const retrieval = {
      viewerUserId: viewerProfile.userId,
      vector: { model: t.ctx.ai.models.embedding, dimensions: vector!.length, vector: vector! },
      keywords: ['hiking'],
      skipLexemes: [],
      filters: {},
      queryHash: 'x',
      k: 100,
    };
    const prepared = await t.ctx.db.transaction().execute(async (trx) => {
      const onOneConnection = new SearchRepository(trx);
      const first = await onOneConnection.retrieve(retrieval);
      const again = await onOneConnection.retrieve(retrieval); // executed by name
      expect(again.map((r) => r.id)).toEqual(first.map((r) => r.id));
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE '/* prepare */%'`.execute(trx);
      return rows[0]!.n;
    });
    // One per filter variant this connection has run (the partner searches above add their own).
    if (t.ctx.database.mode === 'external') expect(prepared).toBeGreaterThanOrEqual(1);
    else expect(prepared).toBe(0);
  });

  it('builds the HNSW index of another embedding model once, and searches with it', async () => {
    const repository = new SearchRepository(t.ctx.db);
    const model = "other-embed-model:v1's";
    expect(await repository.ensureVectorIndex(model, 8, false)).toBe(true);
    expect(await repository.ensureVectorIndex(model, 8, false)).toBe(false);
    const plan = await t.ctx.db.transaction().execute((trx) =>
      repository.explainRetrieve(trx, {
        viewerUserId: viewerProfile.userId,
        vector: { model, dimensions: 8, vector: [1, 0, 0, 0, 0, 0, 0, 0] },
        keywords: [],
        skipLexemes: [],
        filters: {},
        queryHash: 'x',
        k: 100,
      }),
    );
    expect(plan).toContain(vectorIndexName(model));
    // The server builds it concurrently on a Postgres server (PGlite has no concurrent builds).
    if (t.ctx.database.mode === 'external') expect(await repository.ensureVectorIndex('third-model', 8, true)).toBe(true);
  });

  it('runs every database connection with the HNSW candidate list retrieval needs', async () => {
    // Pooled connections come and go; each new one is set up before its first query.
    const settings = await Promise.all(
      Array.from({ length: 3 }, () => sql<{ ef: string }>`SELECT current_setting('hnsw.ef_search') AS ef, pg_sleep(0.01)`.execute(t.ctx.db)),
    );
    for (const { rows } of settings) expect(rows[0]!.ef).toBe(String(HNSW_EF_SEARCH));
    const [vector] = await t.ctx.ai.embed(['hiking']);
    const tooMany = {
      viewerUserId: viewerProfile.userId,
      vector: { model: t.ctx.ai.models.embedding, dimensions: vector!.length, vector: vector! },
      keywords: [],
      skipLexemes: [],
      filters: {},
      queryHash: 'x',
      k: HNSW_EF_SEARCH + 1,
    };
    await expect(new SearchRepository(t.ctx.db).retrieve(tooMany)).rejects.toThrow(/at most/);
  });

  it('stops when the client has gone', async () => {
    await expect(t.ctx.services.search.search(viewerProfile.userId, { query: 'abandoned hiking search' }, AbortSignal.abort())).rejects.toMatchObject({
      status: 499,
    });
    await t.ctx.services.search.idle();
    const logged = await t.ctx.db.selectFrom('user_searches').select('id').where('query', '=', 'abandoned hiking search').execute();
    expect(logged).toHaveLength(0);
  });
});

describe('POST /api/search/analysis', () => {
  it('counts only new analyses against the member’s limit, never polls of one already started', async () => {
    let started = 0;
    const limited = new SearchAnalysisService({
      analyses: new SearchAnalysisRepository(t.ctx.db),
      search: new SearchRepository(t.ctx.db),
      ai: t.ctx.ai,
      clock: t.ctx.clock,
      logger: t.ctx.logger,
      limitNewAnalysis: async () => {
        if (++started > 2) throw new TooManyRequestsError(60);
      },
    });
    const ask = (profileId: string) => limited.analysis(people.single!.userId, { profileId, searchQuery: 'limit check' });
    await ask(people.hiker!.profileId);
    await ask(people.gamer!.profileId);
    for (let i = 0; i < 5; i++) await ask(people.hiker!.profileId); // polls
    expect(started).toBe(2);
    await expect(ask(people.reader!.profileId)).rejects.toMatchObject({ status: 429 });
    await limited.idle();
  });

  it('is made once in the background (pending → completed), then read from the cache', async () => {
    const query = 'someone to go hiking with';
    const first = await viewer.post('/api/search/analysis').send({ profileId: people.hiker!.profileId, searchQuery: query }).expect(200);
    expect(first.body).toEqual({ status: 'pending' });
    await t.ctx.services.searchAnalysis.idle();

    const done = await viewer.post('/api/search/analysis').send({ profileId: people.hiker!.profileId, searchQuery: query }).expect(200);
    expect(done.body.status).toBe('completed');
    const data = done.body.data;
    expect(data.sharedInterests).toEqual(['Hiking', 'Photography']);
    expect(data.whyMatch).toContain('Hana Hiker lists hiking among their interests');
    expect(data.compatibilityAnalysis).toContain('You share 2 interests: hiking and photography.');
    expect(data.conversationStarters.length).toBeGreaterThan(0);
    expect(Array.isArray(data.potentialChallenges)).toBe(true);

    const again = await viewer.post('/api/search/analysis').send({ profileId: people.hiker!.profileId, searchQuery: `  ${query.toUpperCase()} ` }).expect(200);
    expect(again.body).toEqual(done.body);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM search_analyses WHERE viewer_id = ${viewerProfile.userId}`.execute(t.ctx.db);
    expect(rows[0]!.n).toBe(1);

    const results = (await search(query)).results;
    expect(results.find((r) => r.id === people.hiker!.profileId)?.analysisStatus).toBe('completed');
  });

  it('names challenges truthfully', async () => {
    const res = await viewer.post('/api/search/analysis').send({ profileId: people.gamer!.profileId, searchQuery: 'board games' }).expect(200);
    expect(res.body.status).toBe('pending');
    await t.ctx.services.searchAnalysis.idle();
    const done = await viewer.post('/api/search/analysis').send({ profileId: people.gamer!.profileId, searchQuery: 'board games' }).expect(200);
    expect(done.body.data.sharedInterests).toEqual([]);
    expect(done.body.data.potentialChallenges).toEqual(
      expect.arrayContaining(['You live in different cities (Vancouver and Toronto), so meeting up takes planning.', 'There are 8 years between you.']),
    );
  });

  it('is not found for a deleted, incomplete, own or unknown profile', async () => {
    for (const profileId of [people.deleted!.profileId, people.incomplete!.profileId, viewerProfile.profileId, '00000000-0000-4000-8000-000000000000']) {
      const res = await viewer.post('/api/search/analysis').send({ profileId, searchQuery: 'hiking' }).expect(404);
      expect(res.body.error.code).toBe('profile_not_found');
    }
    await viewer.post('/api/search/analysis').send({ profileId: people.hiker!.profileId, searchQuery: ' ' }).expect(400);
    await request(t.app).post('/api/search/analysis').send({ profileId: people.hiker!.profileId, searchQuery: 'hiking' }).expect(401);
  });
});
