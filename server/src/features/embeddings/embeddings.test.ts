import { createHash } from 'node:crypto';

import { sql } from 'kysely';

import type { AiProvider } from '../../ai/provider.js';
import { BuiltinProvider } from '../../ai/builtin/builtin.provider.js';
import { agentFor, signUp, uniqueEmail } from '../../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { EmbeddingModels } from './embedding-models.js';
import { EmbeddingsRepository } from './embeddings.repository.js';
import { EmbeddingsService } from './embeddings.service.js';

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
  expect(rows).toEqual([{ model: 'kindred-builtin-embed-v4', dims: 384 }]);

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
    WHERE model = 'kindred-builtin-embed-v4' AND profile_id IN (${hiker}, ${gamer})
    ORDER BY embedding <=> ${JSON.stringify(query)}::vector LIMIT 1`.execute(t.ctx.db);
  expect(rows[0]?.profile_id).toBe(hiker);
});

it('refuses a vector whose length is not the recorded one', async () => {
  const profileId = await newProfile('x');
  await expect(
    t.ctx.db.insertInto('profile_embeddings').values({ profile_id: profileId, model: 'm', dimensions: 3, content_hash: 'h', embedding: '[1,0]' }).execute(),
  ).rejects.toMatchObject({ code: '23514' });
});

it('builds the document from what the member wrote, and hashes it with the model and its prefix', async () => {
  const profileId = await newProfile('Hi');
  await t.ctx.db.updateTable('profiles').set({ profession: 'Nurse', location: '', interests: ['tea'], enhanced_background: null }).where('id', '=', profileId).execute();
  const [doc] = await new EmbeddingsRepository(t.ctx.db).documents([profileId], 'nomic-embed-text', 'search_document: ');
  expect(doc!.document).toBe('Profession: Nurse\nInterests: tea\nAbout: Hi');
  // The hash vectors were stored with before it moved into SQL: an upgrade embeds no one again.
  expect(doc!.hash).toBe(createHash('sha256').update('nomic-embed-text\nsearch_document: Profession: Nurse\nInterests: tea\nAbout: Hi').digest('hex'));
  expect(doc!.storedHash).toBeNull();
});

it('embeds a batch in one model call and one write, and plans only what is stale', async () => {
  const ai = countingProvider();
  const calls: number[] = [];
  const embed = ai.embed.bind(ai);
  ai.embed = async (texts, options) => {
    calls.push(texts.length);
    return embed(texts, options);
  };
  const repository = new EmbeddingsRepository(t.ctx.db);
  const service = new EmbeddingsService(repository, modelsFor(ai));
  const ids = [await newProfile('Chess in the park.'), await newProfile('Board games on Fridays.'), await newProfile('Jazz piano.')];
  await service.embedProfile(ids[0]!);
  calls.length = 0;

  const outcomes = await service.embedProfiles(ids);
  expect([...outcomes.values()]).toEqual(['unchanged', 'embedded', 'embedded']);
  expect(calls).toEqual([2]);

  const model = ai.models.embedding;
  const stale = async () => (await repository.stale(model, '')).map((p) => p.id).filter((id) => ids.includes(id));
  expect(await stale()).toEqual([]);
  await t.ctx.db.updateTable('profiles').set({ bio: 'Jazz and blues piano.' }).where('id', '=', ids[2]!).execute();
  expect(await stale()).toEqual([ids[2]]);
  expect((await repository.stale(model, '', { all: true })).map((p) => p.id)).toEqual(expect.arrayContaining(ids));
  // Forced: every profile is embedded again, and a vector that came out the same is not rewritten (no new index entry).
  const rowVersions = async () => (await sql<{ xmin: string }>`SELECT xmin::text FROM profile_embeddings WHERE profile_id IN (${sql.join(ids)}) ORDER BY profile_id`.execute(t.ctx.db)).rows;
  await service.embedProfiles(ids);
  const before = await rowVersions();
  expect(await service.embedProfiles(ids, { force: true })).toEqual(new Map(ids.map((id) => [id, 'embedded'])));
  expect(calls.at(-1)).toBe(3);
  expect(await rowVersions()).toEqual(before);
});

it('says when the profile is gone', async () => {
  const service = new EmbeddingsService(new EmbeddingsRepository(t.ctx.db), modelsFor(new BuiltinProvider()));
  expect(await service.embedProfile('00000000-0000-0000-0000-000000000000')).toBe('missing');
});
