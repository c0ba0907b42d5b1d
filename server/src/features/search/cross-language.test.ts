import { agentFor, signUp, uniqueEmail, type Agent } from '../../../test/auth-helpers.js';
import { makeProfile, type ProfileOverrides } from '../../../test/profiles-factory.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import type { SearchResult } from './search.service.js';

// Search across languages with the built-in provider: a member who wrote about a hobby in Chinese
// is found by an English query about it, one who wrote in English by a Chinese (or French) query.
// The hobby is only in the bio and background, not in the interests list, so only the text's
// meaning can find them. French bios are read with their elisions split (« l’escalade » is
// climbing, not an unknown "lescalade").

let t: TestApp;
let viewer: Agent;

beforeAll(async () => {
  t = await createTestApp();
  viewer = agentFor(t);
  const email = uniqueEmail('cross-language');
  await signUp(t, viewer, email);
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
      bio: 'I like movies.',
      interests: ['Movies'],
      looking_for: ['friend'],
    })
    .where('user_id', '=', user.id)
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.ctx.services.embeddings.embedProfile(profile.id);

  // Friends and activity partners alike: these tests are about languages, not two-way wishes.
  const neutral: ProfileOverrides = { interests: [], core_values: [], personality_type: null, social_style: null, looking_for: ['friend', 'activity_partner'] };
  await makeProfile(t, { ...neutral, name: 'Lin Wei', bio: '我每个周末都去岩馆攀岩，也喜欢户外抱石。', enhanced_background: '林薇是一名学生，最大的爱好是攀岩。' });
  await makeProfile(t, { ...neutral, name: 'Chen Yu', bio: '我喜欢在家做饭，周末常常烤蛋糕。', enhanced_background: '陈雨是一名学生，喜欢做饭和烘焙。' });
  await makeProfile(t, { ...neutral, name: 'Ben Baker', bio: 'I bake bread and cook for friends most weekends.', enhanced_background: 'Ben is a student who loves baking and cooking.' });
  await makeProfile(t, { ...neutral, name: 'Cleo Climber', bio: 'I go bouldering and rock climbing at the gym every week.', enhanced_background: 'Cleo is a student who climbs.' });
  await makeProfile(t, { ...neutral, name: 'Élodie Roy', bio: 'J’adore l’escalade, deux soirs par semaine.', enhanced_background: 'Élodie est étudiante.' });
  await makeProfile(t, { ...neutral, name: 'Hugo Martin', bio: 'Le basket le mardi soir et la course le dimanche matin.', enhanced_background: 'Hugo est étudiant.' });
  await makeProfile(t, { ...neutral, name: 'Gus Gamer', bio: 'I play video games and board games.', enhanced_background: 'Gus is a student who games.' });
});
afterAll(async () => {
  await t.ctx.services.search.idle();
  await t.close();
});

async function search(query: string): Promise<string[]> {
  const res = await viewer.post('/api/search').send({ query }).expect(200);
  return (res.body.results as SearchResult[]).map((r) => r.name ?? '');
}

describe('search across languages (built-in provider)', () => {
  it('finds a member who wrote in Chinese about climbing with an English query', async () => {
    const names = await search('someone who loves rock climbing');
    expect(names.slice(0, 3)).toEqual(expect.arrayContaining(['Lin Wei', 'Cleo Climber']));
  });

  it('finds a member who wrote in English about climbing with a Chinese query, and with a French one', async () => {
    expect((await search('找一个喜欢攀岩的朋友')).slice(0, 3)).toEqual(expect.arrayContaining(['Lin Wei', 'Cleo Climber', 'Élodie Roy']));
    expect((await search('quelqu’un qui aime l’escalade')).slice(0, 3)).toEqual(expect.arrayContaining(['Lin Wei', 'Cleo Climber', 'Élodie Roy']));
  });

  it('finds a member who wrote in French, elisions and all, with English queries', async () => {
    expect((await search('someone who loves rock climbing')).slice(0, 3)).toEqual(expect.arrayContaining(['Lin Wei', 'Cleo Climber', 'Élodie Roy']));
    expect((await search('pickup basketball in the evening')).slice(0, 1)).toEqual(['Hugo Martin']);
    expect((await search('a running buddy for sunday mornings')).slice(0, 1)).toEqual(['Hugo Martin']);
  });

  it('does the same for cooking and baking', async () => {
    expect((await search('a friend who likes baking')).slice(0, 2)).toEqual(expect.arrayContaining(['Chen Yu', 'Ben Baker']));
    expect((await search('喜欢烘焙的人')).slice(0, 2)).toEqual(expect.arrayContaining(['Chen Yu', 'Ben Baker']));
  });
});
