import request from 'supertest';

import { startOllamaStandIn, type OllamaStandIn } from '../../../test/ollama-standin.js';
import { OllamaProvider } from '../../ai/ollama/ollama.provider.js';
import { agentFor, signUp, uniqueEmail, type Agent } from '../../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { STANDARDIZE_MESSAGES } from './standardize.service.js';

describe('POST /api/standardize with the built-in provider', () => {
  let t: TestApp;
  let agent: Agent;
  beforeAll(async () => {
    t = await createTestApp();
    agent = agentFor(t);
    await signUp(t, agent, uniqueEmail());
  });
  afterAll(() => t.close());

  it('needs a signed-in member', async () => {
    const res = await request(t.app).post('/api/standardize').send({ location: 'Vancouver', profession: 'student' }).expect(401);
    expect(res.body.error.code).toBe('unauthorized');
  });

  it.each([
    [{ location: 'Vancouver', profession: '高中生' }, { location: { standardized: 'Vancouver, BC, Canada' }, profession: { standardized: 'High School Student' } }],
    [{ location: 'Canada+British Columbia+Langley', profession: '软件开发' }, { location: { standardized: 'Langley, BC, Canada' }, profession: { standardized: 'Software Developer' } }],
    [{ location: 'Vancouver, Canada', type: 'location' }, { location: { standardized: 'Vancouver, BC, Canada' } }],
  ])('standardizes %j', async (body, expected) => {
    const res = await agent.post('/api/standardize').send(body).expect(200);
    expect(res.body).toEqual(expected);
  });

  it('says which field failed, in the spec words', async () => {
    const res = await agent.post('/api/standardize').send({ location: 'Canada', profession: 'qwzx vbnm' }).expect(200);
    expect(res.body).toEqual({
      location: { standardized: null, error: { code: 'location_incomplete', message: STANDARDIZE_MESSAGES.locationIncomplete } },
      profession: { standardized: null, error: { code: 'profession_unknown', message: STANDARDIZE_MESSAGES.profession } },
    });
    const junk = await agent.post('/api/standardize').send({ location: 'asdfgh', type: 'location' }).expect(200);
    expect(junk.body.location.error).toEqual({ code: 'location_unknown', message: 'Failed to standardize location. Please check your input and try again.' });
  });

  it('refuses a request without the field its type needs, or with unknown fields', async () => {
    const res = await agent.post('/api/standardize').send({ profession: 'nurse' }).expect(400);
    expect(res.body.error.message).toBe('Please fill in: Location');
    await agent.post('/api/standardize').send({ location: 'Vancouver', profession: 'nurse', extra: 1 }).expect(400);
    await agent.post('/api/standardize').send({ location: 'x'.repeat(201), type: 'location' }).expect(400);
  });
});

describe('with Ollama: what the rules do not know goes to the model, and its answer is checked', () => {
  let standIn: OllamaStandIn;
  let t: TestApp;
  let agent: Agent;
  let nextAnswer: string;

  beforeAll(async () => {
    standIn = await startOllamaStandIn({ chat: () => nextAnswer });
    const ai = new OllamaProvider({ url: standIn.url, chatModel: 'tiny', embedModel: 'embed', dimensions: 8, timeoutMs: 2000 });
    t = await createTestApp({}, { ai });
    agent = agentFor(t);
    await signUp(t, agent, uniqueEmail());
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  it('answers known places by the rules without asking the model', async () => {
    const before = standIn.received.length;
    await agent.post('/api/standardize').send({ location: 'Burnaby', type: 'location' }).expect(200);
    expect(standIn.received.length).toBe(before);
  });

  it('takes a complete answer from the model for an unknown place', async () => {
    nextAnswer = JSON.stringify({ city: 'Tofino', region: 'British Columbia', country: 'Canada' });
    const res = await agent.post('/api/standardize').send({ location: 'surf town zzq', type: 'location' }).expect(200);
    expect(res.body.location).toEqual({ standardized: 'Tofino, BC, Canada' });
    const last = standIn.received.at(-1);
    expect(last?.path).toBe('/api/chat');
  });

  it('maps a profession through the model only into the fixed categories', async () => {
    nextAnswer = JSON.stringify({ category: 'Scientist' });
    const res = await agent.post('/api/standardize').send({ profession: 'xenobiologist-in-training zzq', type: 'profession' }).expect(200);
    expect(res.body.profession).toEqual({ standardized: 'Scientist' });

    nextAnswer = JSON.stringify({ category: 'Astronaut Wizard' }); // not a category: refused twice
    const refused = await agent.post('/api/standardize').send({ profession: 'qqq zzz', type: 'profession' }).expect(200);
    expect(refused.body.profession.error).toEqual({ code: 'standardization_failed', message: STANDARDIZE_MESSAGES.failed });
  });

  it('treats an answer with no city as incomplete', async () => {
    nextAnswer = JSON.stringify({ city: null, region: 'Ontario', country: 'Canada' });
    const res = await agent.post('/api/standardize').send({ location: 'xyzzy plugh', type: 'location' }).expect(200);
    expect(res.body.location.error.code).toBe('location_incomplete');
  });
});
