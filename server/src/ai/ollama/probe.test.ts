import { pause, startOllamaStandIn, type OllamaStandIn } from '../../../test/ollama-standin.js';
import { canonicalModelName, hasModel, probeOllama } from './probe.js';

const TIMEOUT_MS = 200;

let standIn: OllamaStandIn | undefined;

afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

describe('probeOllama', () => {
  it('lists the installed models when Ollama answers', async () => {
    standIn = await startOllamaStandIn({ tags: () => ['llama3.2:3b', 'nomic-embed-text:latest'] });

    await expect(probeOllama(standIn.url, TIMEOUT_MS)).resolves.toEqual({
      reachable: true,
      models: ['llama3.2:3b', 'nomic-embed-text:latest'],
    });
    expect(standIn.received).toEqual([{ path: '/api/tags' }]);
  });

  it('says unreachable, with the URL and cause, when nothing listens', async () => {
    const closed = await startOllamaStandIn();
    await closed.close();

    const result = await probeOllama(closed.url, TIMEOUT_MS);

    expect(result.reachable).toBe(false);
    expect(result).toMatchObject({ reason: expect.stringContaining(closed.url) });
    expect(result).toMatchObject({ reason: expect.stringContaining('ECONNREFUSED') });
  });

  it('says unreachable, quickly, when Ollama does not answer in time', async () => {
    standIn = await startOllamaStandIn({
      tags: async (signal) => {
        await pause(5_000, signal);
        return [];
      },
    });
    const started = Date.now();

    const result = await probeOllama(standIn.url, TIMEOUT_MS);

    expect(result).toEqual({
      reachable: false,
      reason: `Ollama at ${standIn.url} did not answer within ${TIMEOUT_MS} ms`,
    });
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 300);
  });

  it('says unreachable when the URL answers but is not Ollama', async () => {
    standIn = await startOllamaStandIn();
    const result = await probeOllama(`${standIn.url}/elsewhere`, TIMEOUT_MS);
    expect(result).toMatchObject({ reachable: false, reason: expect.stringContaining('HTTP 404') });
  });

  it('uses the fetch it was given', async () => {
    standIn = await startOllamaStandIn({ tags: () => [] });
    const calls: string[] = [];
    await probeOllama(standIn.url, TIMEOUT_MS, (input, init) => {
      calls.push(String(input));
      return fetch(input, init);
    });
    expect(calls).toEqual([`${standIn.url}/api/tags`]);
  });
});

describe('hasModel', () => {
  const installed = ['llama3.2:3b', 'nomic-embed-text:latest', 'localhost:5000/team/mistral'];

  it.each([
    ['nomic-embed-text', true],
    ['nomic-embed-text:latest', true],
    ['Nomic-Embed-Text', true],
    ['llama3.2:3b', true],
    ['llama3.2', false], // means llama3.2:latest, which is not installed
    ['llama3.2:1b', false],
    ['localhost:5000/team/mistral:latest', true],
    ['mistral', false],
  ])('%s → %s', (name, expected) => {
    expect(hasModel(installed, name)).toBe(expected);
  });

  it("adds ':latest' only when there is no tag after the last '/'", () => {
    expect(canonicalModelName('nomic-embed-text')).toBe('nomic-embed-text:latest');
    expect(canonicalModelName('host:5000/model')).toBe('host:5000/model:latest');
    expect(canonicalModelName('host:5000/model:v1')).toBe('host:5000/model:v1');
  });
});
