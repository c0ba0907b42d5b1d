import { setTimeout as sleep } from 'node:timers/promises';

import { BuiltinProvider } from '../../ai/builtin/builtin.provider.js';
import { BUILTIN_EMBEDDING_DIMENSIONS, BUILTIN_EMBEDDING_MODEL } from '../../ai/builtin/embedding/index.js';
import { SwitchingProvider } from '../../ai/switching-provider.js';
import { loadConfig } from '../../config.js';
import { type AppContext, createContext } from '../../context.js';
import { type OllamaStandIn, startOllamaStandIn } from '../../../test/ollama-standin.js';
import { makeProfile } from '../../../test/profiles-factory.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

// AI_PROVIDER=auto with Ollama arriving after the app (compose's --profile ai pulls the models
// beside a running app): the app starts on the built-in AI, moves to Ollama once it answers with
// both models, and search keeps reading the covered vectors until a regeneration has finished.

const NEW_MODEL = 'nomic-embed-text';
const PREFIX = /^search_(query|document): /;

let t: TestApp;
let standIn: OllamaStandIn;
let ctx: AppContext;
let pulled: string[] = [];
let viewer: string;
let hiker: string;

async function findsHikerByMeaning(context: AppContext): Promise<boolean> {
  const { results } = await context.services.search.search(viewer, { query: 'someone for trekking' });
  return results.some((result) => result.id === hiker && result.vectorSimilarity > 0.2);
}

beforeAll(async () => {
  t = await createTestApp();
  viewer = (await makeProfile(t, { name: 'Viewer', bio: 'I read a lot.' })).userId;
  hiker = (await makeProfile(t, { name: 'Hana', bio: 'Weekend hikes in the mountains.', interests: ['Hiking'] })).profileId;
  // Ollama's protocol with the built-in model's meaning space, and no model pulled yet.
  const builtin = new BuiltinProvider();
  standIn = await startOllamaStandIn({ tags: () => pulled, embed: (body) => builtin.embed((body.input as string[]).map((text) => text.replace(PREFIX, ''))) });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    ...t.database.env,
    AI_PROVIDER: 'auto',
    OLLAMA_URL: standIn.url,
    OLLAMA_CHAT_MODEL: 'llama3.2:3b',
    OLLAMA_EMBED_MODEL: NEW_MODEL,
    OLLAMA_EMBED_DIMENSIONS: String(BUILTIN_EMBEDDING_DIMENSIONS),
  });
  ctx = await createContext(config, t.ctx.logger, { migrate: false, aiProbeIntervalMs: 50 });
});

afterAll(async () => {
  await ctx.close();
  await standIn.close();
  await t.close();
});

it('starts on the built-in AI while Ollama has no models, and keeps looking', async () => {
  expect(ctx.ai).toBeInstanceOf(SwitchingProvider);
  expect(ctx.ai.name).toBe('builtin');
  await sleep(200);
  expect(ctx.ai.name).toBe('builtin');
  expect(standIn.received.filter((entry) => entry.path === '/api/tags').length).toBeGreaterThan(1);
  expect(await findsHikerByMeaning(ctx)).toBe(true);
});

it('moves to Ollama once both models are pulled, and search keeps the covered vectors until a regeneration', async () => {
  pulled = ['llama3.2:3b', `${NEW_MODEL}:latest`];
  for (let i = 0; i < 100 && ctx.ai.name !== 'ollama'; i += 1) await sleep(20);
  expect(ctx.ai.name).toBe('ollama');
  expect(ctx.ai.models).toEqual({ chat: 'llama3.2:3b', embedding: NEW_MODEL, dimensions: BUILTIN_EMBEDDING_DIMENSIONS });
  const state = await ctx.services.embeddingModels.settle();
  expect(state).toMatchObject({ searchModel: BUILTIN_EMBEDDING_MODEL, targetModel: NEW_MODEL, switchPending: true });
  expect(await findsHikerByMeaning(ctx)).toBe(true);

  // The regeneration writes the new model's vectors; then search reads them.
  await ctx.jobs.start('regenerate-embeddings', {});
  for (let i = 0; i < 200 && (await ctx.services.embeddingModels.settle()).switchPending; i += 1) await sleep(25);
  expect(await ctx.services.embeddingModels.settle()).toMatchObject({ searchModel: NEW_MODEL, switchPending: false });
  expect(await findsHikerByMeaning(ctx)).toBe(true);
  const probes = standIn.received.filter((entry) => entry.path === '/api/tags').length;
  await sleep(200);
  // Once there, it stops probing.
  expect(standIn.received.filter((entry) => entry.path === '/api/tags').length).toBe(probes);
});
