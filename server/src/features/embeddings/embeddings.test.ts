import { sql } from 'kysely';

import type { AiProvider } from '../../ai/provider.js';
import { BuiltinProvider } from '../../ai/builtin/builtin.provider.js';
import { agentFor, signUp, uniqueEmail } from '../../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { EmbeddingModels } from './embedding-models.js';
import { EmbeddingsRepository } from './embeddings.repository.js';
import { EmbeddingsService, profileDocument } from './embeddings.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function newProfile(bio: string): Promise<string> {
  const email = uniqueEmail();
  await signUp(t, agentFor(t), email);
  const row = await t.ctx.db
    .updateTable('profiles')
    .set({ bio, interests: ['hiking', 'bouldering'], profession: 'Undergraduate Student', location: 'Vancouver, BC, Canada' })
    .where('user_id', '=', t.ctx.db.selectFrom('users').select('id').where('email', '=', email))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Search and new vectors on one model, `ai`'s. */
function modelsFor(ai: AiProvider): EmbeddingModels {
  return new EmbeddingModels({ repository: new EmbeddingsRepository(t.ctx.db), target: ai, embedderFor: () => undefined, clock: t.ctx.clock, logger: t.ctx.logger });
}

/** The built-in provider, counting how many texts it embeds. */
function countingProvider(): AiProvider & { calls: number } {
  const inner = new BuiltinProvider();
  const counting = Object.assign(Object.create(inner) as AiProvider, { calls: 0 });
  counting.embed = async (texts: string[]) => {
    counting.calls += texts.length;
    return inner.embed(texts);
  };
  return counting;
}

it('stores one vector per profile and model, and skips a profile whose text did not change', async () => {
  const ai = countingProvider();
  const service = new EmbeddingsService(new EmbeddingsRepository(t.ctx.db), modelsFor(ai));
  const profileId = await newProfile('I love trail running and weekend hikes.');

  expect(await service.embedProfile(profileId)).toBe('embedded');
  expect(await service.embedProfile(profileId)).toBe('unchanged');
  expect(ai.calls).toBe(1);

  const { rows } = await sql<{ model: string; dims: number }>`
    SELECT model, vector_dims(embedding) AS dims FROM profile_embeddings WHERE profile_id = ${profileId}`.execute(t.ctx.db);
  expect(rows).toEqual([{ model: 'kindred-builtin-embed-v1', dims: 384 }]);

  await t.ctx.db.updateTable('profiles').set({ bio: 'Now mostly into climbing.' }).where('id', '=', profileId).execute();
  expect(await service.embedProfile(profileId)).toBe('embedded');
  expect(ai.calls).toBe(2);
});

it('finds related profiles by cosine distance in pgvector', async () => {
  const service = new EmbeddingsService(new EmbeddingsRepository(t.ctx.db), modelsFor(new BuiltinProvider()));
  const hiker = await newProfile('Outdoors every weekend: hiking, camping, trail running.');
  const gamer = await newProfile('Video games all night, League of Legends and esports.');
  await service.embedProfile(hiker);
  await service.embedProfile(gamer);
  const [query] = await new BuiltinProvider().embed(['someone to go hiking with']);
  const { rows } = await sql<{ profile_id: string }>`
    SELECT profile_id FROM profile_embeddings
    WHERE model = 'kindred-builtin-embed-v1' AND profile_id IN (${hiker}, ${gamer})
    ORDER BY embedding <=> ${JSON.stringify(query)}::vector LIMIT 1`.execute(t.ctx.db);
  expect(rows[0]?.profile_id).toBe(hiker);
});

it('refuses a vector whose length is not the recorded one', async () => {
  const profileId = await newProfile('x');
  await expect(
    t.ctx.db.insertInto('profile_embeddings').values({ profile_id: profileId, model: 'm', dimensions: 3, content_hash: 'h', embedding: '[1,0]' }).execute(),
  ).rejects.toMatchObject({ code: '23514' });
});

it('builds the document from what the member wrote', () => {
  expect(
    profileDocument({ profileId: 'p', profession: 'Nurse', location: null, bio: 'Hi', interests: ['tea'], enhancedBackground: null }),
  ).toBe('Profession: Nurse\nInterests: tea\nAbout: Hi');
});

it('says when the profile is gone', async () => {
  const service = new EmbeddingsService(new EmbeddingsRepository(t.ctx.db), modelsFor(new BuiltinProvider()));
  expect(await service.embedProfile('00000000-0000-0000-0000-000000000000')).toBe('missing');
});
