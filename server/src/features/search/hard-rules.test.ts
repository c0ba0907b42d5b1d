import { agentFor, signUp, uniqueEmail, type Agent } from '../../../test/auth-helpers.js';
import { makeProfile } from '../../../test/profiles-factory.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { SearchRepository } from './search.repository.js';
import type { SearchResponse } from './search.service.js';
import { NO_RULES } from '../matching/rules.js';

// @both-engines: a place's metropolitan area is read in SQL (the rules' retrieval leg) and in the
// matching pipeline (the reason and the score); both must agree on PGlite as on Postgres.

/**
 * Explicit wishes are rules (issue 26): everyone who satisfies every stated rule ranks above
 * anyone who does not, the rules come back as chips, and a dropped chip is searched without.
 */
let t: TestApp;
let viewer: Agent;
const RUNNER_AGES = [18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 31];

beforeAll(async () => {
  t = await createTestApp();
  viewer = agentFor(t);
  const email = uniqueEmail('rules');
  await signUp(t, viewer, email);
  await t.ctx.db
    .updateTable('profiles')
    .set({
      name: 'Vera Viewer', birth_date: '2003-01-01', age: 23, location: 'Vancouver, British Columbia, Canada', gender: 'male',
      profession: 'Student', relationship_status: 'single_lgbtq', bio: 'I run most mornings.', interests: ['Running'], looking_for: ['activity_partner'],
    })
    .where('user_id', '=', (await t.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id)
    .execute();
  // Runners of every age, half of them women, some in Toronto: the older ones run more (they
  // say more about running), so without the rules they would rank first.
  for (const [i, age] of RUNNER_AGES.entries()) {
    await makeProfile(t, {
      name: `Runner ${age}`,
      age,
      birth_date: `${2026 - age}-01-01`,
      gender: i % 2 === 0 ? 'female' : 'male',
      location: i % 3 === 2 ? 'Toronto, Ontario, Canada' : 'Vancouver, British Columbia, Canada',
      interests: age > 25 ? ['Running', 'Trail running', 'Marathons'] : ['Running', 'Board games'],
      bio: age > 25 ? 'Running is my life: marathons, trail running, running club every morning.' : 'I like running now and then.',
      looking_for: i === 4 ? ['partner'] : ['activity_partner', 'friend'],
    });
  }
  await makeProfile(t, { name: 'Gina Gamer', age: 22, interests: ['Video games'], bio: 'I play video games.' });
});

afterAll(async () => {
  await t?.close();
});

/**
 * The rules hold as they are with everyone shown: two-way wishes would leave out Runner 22, who
 * looks only for a partner (two-way-wishes.test.ts has those).
 */
async function search(query: string, ignore?: string[]): Promise<SearchResponse> {
  const res = await viewer.post('/api/search').send(ignore ? { query, ignore, showEveryone: true } : { query, showEveryone: true });
  expect(res.status).toBe(200);
  return res.body as SearchResponse;
}

/** Every member who meets the rules is listed before every one who does not. */
function expectRuleHoldersFirst(body: SearchResponse, meets: (age: number, name: string) => boolean) {
  const flags = body.results.map((r) => r.meetsRules);
  expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
  for (const r of body.results) expect(r.meetsRules).toBe(meets(r.age!, r.name!));
}

describe('a stated age range is a rule', () => {
  it.each([
    'someone between 20 and 25 to go running with',
    'runners 20-25',
    'someone aged 20 to 25 who likes running',
    '找一个20到25岁、一起跑步的人',
    "quelqu'un entre 20 et 25 ans pour faire du running",
  ])('%s: every runner aged 20–25 ranks above every other member', async (query) => {
    const body = await search(query);
    expect(body.rules).toEqual([{ kind: 'age', label: 'Ages 20–25' }]);
    expectRuleHoldersFirst(body, (age) => age >= 20 && age <= 25);
    const inRange = body.results.filter((r) => r.meetsRules).map((r) => r.age!).sort((a, b) => a - b);
    expect(inRange).toEqual([20, 21, 22, 23, 24, 25]);
    // Gina is 22 but does not run: with rules stated, members with nothing of what was asked are left out.
    expect(body.results.map((r) => r.name)).not.toContain('Gina Gamer');
  });

  it.each([
    ['someone under 25 to run with', 'Up to 24', (age: number) => age < 25],
    ['25岁以下，喜欢跑步', 'Up to 25', (age: number) => age <= 25],
    ['quelqu’un de moins de 25 ans pour courir', 'Up to 24', (age: number) => age < 25],
    ['someone over 25 who runs', '26 or older', (age: number) => age > 25],
    ['runners in their twenties', 'Ages 20–29', (age: number) => age >= 20 && age <= 29],
    ['runners around 22', 'Ages 20–24', (age: number) => age >= 20 && age <= 24],
    ['someone my age to run with', 'Ages 21–25', (age: number) => age >= 21 && age <= 25],
  ])('%s → %s', async (query, label, inRange) => {
    const body = await search(query);
    expect(body.rules).toEqual([{ kind: 'age', label }]);
    expectRuleHoldersFirst(body, (age) => inRange(age));
  });

  it('says how a member outside the range differs, from their age', async () => {
    const body = await search('someone between 20 and 25 to go running with');
    const r26 = body.results.find((r) => r.age === 26)!;
    expect(r26.meetsRules).toBe(false);
    expect(r26.whyMatch).toMatch(/^26 — a year above your range\./);
    const r18 = body.results.find((r) => r.age === 18)!;
    expect(r18.whyMatch).toMatch(/^18 — 2 years below your range\./);
    expect(body.results.find((r) => r.age === 22)!.whyMatch).not.toMatch(/your range/);
  });

  it('drops a rule the member removed, and ranks without it', async () => {
    const body = await search('someone between 20 and 25 to go running with', ['age']);
    expect(body.rules).toEqual([]);
    expect(body.results.every((r) => r.meetsRules)).toBe(true);
    // Without the rule, the keenest runners (over 25) are no longer held back.
    expect(body.results.slice(0, 6).some((r) => r.age! > 25)).toBe(true);
  });
});

describe('gender, kind of relationship and place are rules', () => {
  it('women only, in Vancouver, aged 20–25: only members who fit all three lead', async () => {
    const body = await search('women between 20 and 25 in Vancouver to go running with');
    expect(body.rules).toEqual([
      { kind: 'age', label: 'Ages 20–25' },
      { kind: 'gender', label: 'Women' },
      { kind: 'city', label: 'In Vancouver' },
    ]);
    const leaders = body.results.filter((r) => r.meetsRules).map((r) => r.name);
    // Runners 20, 22 and 24 are women; 20 lives in Toronto (index 2).
    expect(leaders.sort()).toEqual(['Runner 22', 'Runner 24']);
    expectRuleHoldersFirst(body, (age, name) => leaders.includes(name));
    const man = body.results.find((r) => r.name === 'Runner 21')!;
    expect(man.whyMatch).toMatch(/^A man — you asked for women\./);
    const toronto = body.results.find((r) => r.name === 'Runner 20')!;
    expect(toronto.whyMatch).toMatch(/^In Toronto, not Vancouver\./);
  });

  it('"near me" is the viewer’s city, in French too', async () => {
    const body = await search('des femmes près de chez moi pour courir');
    expect(body.rules).toEqual([
      { kind: 'gender', label: 'Women' },
      { kind: 'city', label: 'In Vancouver' },
    ]);
    // Women in Vancouver: runners 18, 22, 24 and 28, and Gina.
    expectRuleHoldersFirst(body, (_age, name) => /^(Runner (18|22|24|28)|Gina Gamer)$/.test(name));
  });

  it('a stated kind of relationship: friends lead, the member looking for a partner follows', async () => {
    const body = await search('a friend who likes running');
    expect(body.rules).toEqual([{ kind: 'intent', label: 'Looking for friends' }]);
    const partnerSeeker = body.results.find((r) => r.name === 'Runner 22')!;
    expect(partnerSeeker.meetsRules).toBe(false);
    expect(partnerSeeker.whyMatch).toMatch(/^Looking for a partner — you asked for friends\./);
    expect(body.results.at(-1)!.meetsRules).toBe(false);
  });

  it('a query of rules only is answered by everyone who meets them', async () => {
    const body = await search('women in Vancouver');
    const leaders = body.results.filter((r) => r.meetsRules).map((r) => r.name).sort();
    expect(leaders).toEqual(['Gina Gamer', 'Runner 18', 'Runner 22', 'Runner 24', 'Runner 28']);
  });

  it('a query without rules shows no chips, and refuses unknown rules', async () => {
    expect((await search('someone to go running with')).rules).toEqual([]);
    const res = await viewer.post('/api/search').send({ query: 'running', ignore: ['height'] });
    expect(res.status).toBe(400);
  });
});

/** Vera's retrieval of the k profiles nearest to a keen runner's words, before any rule. */
async function keenRunnerRetrieval(k: number) {
  const viewerId = (await t.ctx.db.selectFrom('profiles').select('user_id').where('name', '=', 'Vera Viewer').executeTakeFirstOrThrow()).user_id;
  const [vector] = await t.ctx.ai.embed(['running is my life: marathons and trail running'], { purpose: 'query' });
  return {
    viewerUserId: viewerId,
    vector: { model: t.ctx.ai.models.embedding, dimensions: vector!.length, vector: vector! },
    keywords: [],
    skipLexemes: [],
    filters: {},
    queryHash: `k${k}`,
    k,
  };
}

describe('retrieval finds the members who satisfy the rules', () => {
  it('beyond the k nearest, through the HNSW index with an iterative scan', async () => {
    const repository = new SearchRepository(t.ctx.db);
    const retrieval = await keenRunnerRetrieval(3);
    // The three nearest are keen runners over 25; the 18-year-old is a casual one.
    const nearest = await repository.retrieve({ ...retrieval, rules: NO_RULES });
    expect(nearest.map((r) => r.age)).not.toContain(18);
    const ruled = await repository.retrieve({ ...retrieval, rules: { ...NO_RULES, age: { min: 18, max: 18 } } });
    expect(ruled.map((r) => r.age)).toContain(18);
    const plan = await t.ctx.db.transaction().execute((trx) => repository.explainRetrieve(trx, { ...retrieval, rules: { ...NO_RULES, gender: 'female' } }));
    expect(plan.match(/profile_embeddings_builtin_hnsw_idx/g)?.length).toBe(2);
  });
});

describe('a place is its metropolitan area', () => {
  it('Burnaby meets "near me" for a viewer in Vancouver; Victoria does not', async () => {
    await makeProfile(t, { name: 'Bea Burnaby', age: 21, birth_date: '2005-01-01', gender: 'female', location: 'Burnaby, BC, Canada', interests: ['Running'], bio: 'I run.', looking_for: ['activity_partner'] });
    await makeProfile(t, { name: 'Val Victoria', age: 21, birth_date: '2005-01-01', gender: 'female', location: 'Victoria, BC, Canada', interests: ['Running'], bio: 'I run.', looking_for: ['activity_partner'] });
    const body = await search('women near me to go running with');
    expect(body.rules).toContainEqual({ kind: 'city', label: 'In Vancouver' });
    expect(body.results.find((r) => r.name === 'Bea Burnaby')?.meetsRules).toBe(true);
    const victoria = body.results.find((r) => r.name === 'Val Victoria')!;
    expect(victoria.meetsRules).toBe(false);
    expect(victoria.whyMatch).toMatch(/^In Victoria, not Vancouver\./);
  });

  it('a member elsewhere in the area is told so: the reason names the area, as the score counts it (issue 33)', async () => {
    const body = await search('someone near me to go running with');
    const burnaby = body.results.find((r) => r.name === 'Bea Burnaby')!;
    expect(burnaby.meetsRules).toBe(true);
    expect(burnaby.whyMatch).toContain("You're both in Metro Vancouver.");
    // The area also counts for how alike their lives are, as the same city would.
    const victoria = body.results.find((r) => r.name === 'Val Victoria')!;
    expect(victoria.whyMatch).not.toContain('Metro Vancouver');
    expect(burnaby.lifestyleAlignment).toBeGreaterThan(victoria.lifestyleAlignment);
    // In the viewer's language: Vera reads French for one search.
    const vera = (await t.ctx.db.selectFrom('profiles').select('user_id').where('name', '=', 'Vera Viewer').executeTakeFirstOrThrow()).user_id;
    await t.ctx.db.updateTable('users').set({ language: 'fr' }).where('id', '=', vera).execute();
    try {
      const french = await search('quelqu’un près de chez moi pour courir');
      expect(french.results.find((r) => r.name === 'Bea Burnaby')!.whyMatch).toContain('Vous êtes tous les deux dans l’agglomération Metro Vancouver.');
    } finally {
      await t.ctx.db.updateTable('users').set({ language: 'en' }).where('id', '=', vera).execute();
    }
  });

  it('the rules\' retrieval leg finds the area\'s other cities, in the area\'s region only', async () => {
    const repository = new SearchRepository(t.ctx.db);
    const retrieval = await keenRunnerRetrieval(1);
    const rules = { ...NO_RULES, age: { min: 21, max: 21 }, city: 'Vancouver', area: 'Metro Vancouver' };
    const names = (await repository.retrieve({ ...retrieval, rules })).map((r) => r.name);
    expect(names).toContain('Bea Burnaby');
    expect(names).not.toContain('Val Victoria');
    const exact = (await repository.retrieve({ ...retrieval, rules: { ...rules, area: null } })).map((r) => r.name);
    expect(exact).not.toContain('Bea Burnaby');
  });
});
