import { agentFor, signUp, uniqueEmail, type Agent } from '../../../test/auth-helpers.js';
import { makeProfile } from '../../../test/profiles-factory.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import type { Language } from '../../i18n/languages.js';
import type { SearchResult } from './search.service.js';

// Search explains itself in the viewer's language (users.language): the whyMatch sentences, how a
// result differs from the stated rules, the rule chips and the detailed analysis all come from
// content/i18n/server/<language>/match.json. English is unchanged (search.test.ts, the eval).

let t: TestApp;
const viewers = {} as Record<Language, Agent>;

async function viewer(language: Language): Promise<Agent> {
  const agent = agentFor(t);
  agent.set('Cookie', `kindred_lang=${language}`);
  const email = uniqueEmail(`why-${language.toLowerCase()}`);
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
      looking_for: ['friend'],
      core_values: ['Honesty'],
    })
    .where('user_id', '=', user.id)
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.ctx.services.embeddings.embedProfile(profile.id);
  return agent;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const language of ['en', 'fr', 'zh-Hans'] as const) viewers[language] = await viewer(language);
  const hiker = { interests: ['Hiking', 'Photography'], bio: "I'm into hiking and photography.", looking_for: ['friend'] as const, core_values: ['Honesty'] };
  await makeProfile(t, { ...hiker, name: 'Hana Hiker', age: 23, looking_for: ['friend'] });
  await makeProfile(t, { ...hiker, name: 'Olga Older', age: 26, location: 'Toronto, Ontario, Canada', looking_for: ['friend'] });
});
afterAll(async () => {
  await t.ctx.services.search.idle();
  await t.ctx.services.searchAnalysis.idle();
  await t.close();
});

const QUERY = 'friends between 20 and 24 who like hiking';

async function search(language: Language): Promise<{ rules: { kind: string; label: string }[]; results: SearchResult[] }> {
  return (await viewers[language].post('/api/search').send({ query: QUERY }).expect(200)).body;
}

async function analysis(language: Language, profileId: string) {
  const agent = viewers[language];
  await agent.post('/api/search/analysis').send({ profileId, searchQuery: QUERY }).expect(200);
  await t.ctx.services.searchAnalysis.idle();
  const done = await agent.post('/api/search/analysis').send({ profileId, searchQuery: QUERY }).expect(200);
  expect(done.body.status).toBe('completed');
  return done.body.data as { whyMatch: string; compatibilityAnalysis: string; conversationStarters: string[]; potentialChallenges: string[] };
}

const byName = (results: SearchResult[], name: string) => results.find((r) => r.name === name)!;

describe('whyMatch in the viewer’s language', () => {
  it('is English for an English viewer, as before', async () => {
    const { rules, results } = await search('en');
    expect(rules.map((r) => r.label)).toEqual(['Ages 20–24', 'Looking for friends']);
    expect(byName(results, 'Hana Hiker').interests).toEqual(expect.arrayContaining(['Hiking', 'Photography']));
    expect(byName(results, 'Hana Hiker').whyMatch).toBe(
      'Hana Hiker lists hiking among their interests, which you searched for. You both enjoy photography. You\'re both looking for new friends.',
    );
    expect(byName(results, 'Olga Older').whyMatch).toMatch(/^26 — 2 years above your range\. /);
  });

  it('is French for a French viewer: reasons, differences, chips and the analysis', async () => {
    const { rules, results } = await search('fr');
    expect(rules.map((r) => r.label)).toEqual(['De 20 à 24 ans', 'Cherche des amis']);
    const hana = byName(results, 'Hana Hiker');
    expect(hana.whyMatch).toBe(
      'Hana Hiker cite randonnée parmi ses centres d’intérêt, ce que vous avez recherché. Vous aimez tous les deux : photographie. Vous cherchez tous les deux de nouveaux amis.',
    );
    expect(byName(results, 'Olga Older').whyMatch).toMatch(/^26 ans — 2 ans au-dessus de votre fourchette\. /);

    const data = await analysis('fr', hana.id);
    expect(data.whyMatch).toBe(hana.whyMatch);
    expect(data.compatibilityAnalysis).toContain('Vous avez 2 centres d’intérêt en commun : randonnée et photographie.');
    expect(data.compatibilityAnalysis).toContain('Vous accordez tous les deux de l’importance à l’honnêteté.');
    expect(data.compatibilityAnalysis).toContain('Style social de Hana Hiker : les petits groupes, libre le week-end.');
    for (const text of [data.compatibilityAnalysis, ...data.conversationStarters, ...data.potentialChallenges]) {
      expect(text).not.toMatch(/\b(the|you|your|both|and|is|are)\b/);
    }
  });

  it('is Chinese for a Chinese viewer: reasons, differences, chips and the analysis', async () => {
    const { rules, results } = await search('zh-Hans');
    expect(rules.map((r) => r.label)).toEqual(['20–24岁', '找朋友']);
    const hana = byName(results, 'Hana Hiker');
    expect(hana.whyMatch).toBe('Hana Hiker的兴趣里有徒步，正是你搜索的。你们都喜欢摄影。你们都在找新朋友。');
    // The interest tags are named in the viewer's language too.
    expect(hana.interests).toEqual(expect.arrayContaining(['徒步', '摄影']));
    expect(byName(results, 'Olga Older').whyMatch).toMatch(/^26岁——比你的范围大2岁。/);

    const data = await analysis('zh-Hans', hana.id);
    expect(data.whyMatch).toBe(hana.whyMatch);
    expect(data.compatibilityAnalysis).toContain('你们有2个共同兴趣：徒步和摄影。');
    expect(data.compatibilityAnalysis).toContain('你们都看重真诚。');
    expect(data.compatibilityAnalysis).toContain('Hana Hiker的社交风格：小圈子、周末有空。');
    for (const text of [data.compatibilityAnalysis, ...data.conversationStarters, ...data.potentialChallenges]) {
      expect(text.replace(/Hana Hiker|Vancouver|Toronto/g, '')).not.toMatch(/[A-Za-z]{3,}/);
    }
  });
});
