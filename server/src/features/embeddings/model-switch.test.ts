import { BuiltinProvider } from '../../ai/builtin/builtin.provider.js';
import { BUILTIN_EMBEDDING_DIMENSIONS, BUILTIN_EMBEDDING_MODEL } from '../../ai/builtin/embedding/index.js';
import { type OllamaStandIn, startOllamaStandIn } from '../../../test/ollama-standin.js';
import { OllamaProvider } from '../../ai/ollama/ollama.provider.js';
import { type AppContext, createContext } from '../../context.js';
import { makeProfile } from '../../../test/profiles-factory.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

// A restart with another embedding model (Ollama answering where the built-in model ran) must
// keep search reading the vectors that cover the members until a regeneration has finished.

const NEW_MODEL = 'nomic-embed-text';
const PREFIX = /^search_(query|document): /;

let t: TestApp;
let standIn: OllamaStandIn;
let restarted: AppContext;
let viewer: string;
let hiker: string;

/** Ollama's protocol, with vectors of the same meaning space (the built-in model's) so the test can read results. */
async function startOllama(): Promise<OllamaStandIn> {
  const builtin = new BuiltinProvider();
  return startOllamaStandIn({
    embed: (body) => builtin.embed((body.input as string[]).map((text) => text.replace(PREFIX, ''))),
  });
}

const embedInputs = () => standIn.received.flatMap((entry) => (entry.path === '/api/embed' ? (entry.body.input as string[]) : []));

/** The hiker found by meaning: "trekking" shares no word with their profile, only a vector neighbourhood. */
async function findsHikerByMeaning(ctx: AppContext): Promise<boolean> {
  const { results } = await ctx.services.search.search(viewer, { query: 'someone for trekking' });
  return results.some((result) => result.id === hiker && result.vectorSimilarity > 0.2);
}

beforeAll(async () => {
  t = await createTestApp();
  viewer = (await makeProfile(t, { name: 'Viewer', bio: 'I read a lot.' })).userId;
  hiker = (await makeProfile(t, { name: 'Hana', bio: 'Weekend hikes in the mountains.', interests: ['Hiking'] })).profileId;
  await makeProfile(t, { name: 'Gil', bio: 'Video games all night.', interests: ['Gaming'] });
  expect(await findsHikerByMeaning(t.ctx)).toBe(true);

  standIn = await startOllama();
  const ollama = new OllamaProvider({ url: standIn.url, chatModel: 'llama3.2:3b', embedModel: NEW_MODEL, dimensions: BUILTIN_EMBEDDING_DIMENSIONS, timeoutMs: 5000 });
  restarted = await createContext(t.ctx.config, t.ctx.logger, { migrate: false, ai: ollama });
});

afterAll(async () => {
  await restarted.close();
  await standIn.close();
  await t.close();
});

it('keeps search on the covered model after a restart with a new one, and says so', async () => {
  const state = await restarted.services.embeddingModels.state();
  expect(state).toMatchObject({ searchModel: BUILTIN_EMBEDDING_MODEL, targetModel: NEW_MODEL, switchPending: true });
  expect(state.coverage).toEqual([{ model: BUILTIN_EMBEDDING_MODEL, profiles: 3 }]);

  expect(await findsHikerByMeaning(restarted)).toBe(true);
  // The query was embedded by the model search reads, not sent to Ollama.
  expect(embedInputs().filter((input) => input.startsWith('search_query: '))).toEqual([]);

  const ready = (await restarted.services.health.readiness()).embeddings;
  expect(ready).toMatchObject({ searchModel: BUILTIN_EMBEDDING_MODEL, switchPending: true });
});

it('writes a member who joins meanwhile with both models, so they stay findable', async () => {
  const newcomer = await makeProfile(t, { name: 'Nia', bio: 'Trail running and long hikes.' }, { embed: false });
  expect(await restarted.services.embeddings.embedProfile(newcomer.profileId)).toBe('embedded');
  const models = await t.ctx.db.selectFrom('profile_embeddings').select('model').where('profile_id', '=', newcomer.profileId).orderBy('model').execute();
  expect(models.map((row) => row.model)).toEqual([BUILTIN_EMBEDDING_MODEL, NEW_MODEL].sort());
});

it('switches once a regeneration has covered the members, then embeds queries with the new model', async () => {
  const dry = await restarted.jobs.run('regenerate-embeddings', { dryRun: true });
  // Only the three without a current nomic-embed-text vector are planned (Nia has one).
  expect(dry).toMatchObject({ state: 'completed', total: 3, succeeded: 3, skipped: 0 });
  expect((await restarted.services.embeddingModels.state()).switchPending).toBe(true);

  const run = await restarted.jobs.run('regenerate-embeddings');
  expect(run).toMatchObject({ state: 'completed', total: 3, succeeded: 3, skipped: 0 });
  // Profiles are embedded as documents, with nomic-embed-text's prefix: Nia's, then the three in one batch.
  expect(embedInputs().filter((input) => input.startsWith('search_document: '))).toHaveLength(4);
  const embedCalls = standIn.received.flatMap((entry) => (entry.path === '/api/embed' ? [entry.body.input as string[]] : []));
  expect(embedCalls.filter((input) => input[0]!.startsWith('search_document: ')).map((input) => input.length)).toEqual([1, 3]);

  const state = await restarted.services.embeddingModels.state();
  expect(state).toMatchObject({ searchModel: NEW_MODEL, switchPending: false });
  expect(await findsHikerByMeaning(restarted)).toBe(true);
  expect(embedInputs()).toContain('search_query: someone for trekking');

  // A second run finds everything current.
  expect(await restarted.jobs.run('regenerate-embeddings')).toMatchObject({ state: 'completed', total: 0, succeeded: 0, skipped: 0 });
});

it('a replica still running the old model reads it while it covers everyone (a rolling upgrade)', async () => {
  const state = await t.ctx.services.embeddingModels.settle();
  expect(state).toMatchObject({ searchModel: BUILTIN_EMBEDDING_MODEL, switchPending: false });
  expect(await findsHikerByMeaning(t.ctx)).toBe(true);
  expect(state.coverage).toEqual(
    expect.arrayContaining([
      { model: NEW_MODEL, profiles: 4 },
      { model: BUILTIN_EMBEDDING_MODEL, profiles: 4 },
    ]),
  );
});
