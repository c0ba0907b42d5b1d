import pino from 'pino';

import { loadConfig } from '../config.js';
import { createAiProvider } from './index.js';
import { startOllamaStandIn } from '../../test/ollama-standin.js';

const logger = pino({ level: 'silent' });

describe('createAiProvider', () => {
  it('uses Ollama in auto mode when it answers with both models pulled', async () => {
    const standIn = await startOllamaStandIn({ tags: () => ['llama3.2:3b', 'nomic-embed-text:latest'] });
    try {
      const ai = await createAiProvider(loadConfig({ AI_PROVIDER: 'auto', OLLAMA_URL: standIn.url }), logger);
      expect(ai.name).toBe('ollama');
      expect(ai.models).toEqual({ chat: 'llama3.2:3b', embedding: 'nomic-embed-text', dimensions: 768 });
    } finally {
      await standIn.close();
    }
  });

  it('falls back to the built-in provider when a model is missing', async () => {
    const standIn = await startOllamaStandIn({ tags: () => ['llama3.2:3b'] });
    try {
      expect((await createAiProvider(loadConfig({ OLLAMA_URL: standIn.url }), logger)).name).toBe('builtin');
    } finally {
      await standIn.close();
    }
  });

  it('falls back to the built-in provider when Ollama does not answer', async () => {
    const standIn = await startOllamaStandIn();
    const url = standIn.url;
    await standIn.close();
    expect((await createAiProvider(loadConfig({ OLLAMA_URL: url }), logger)).name).toBe('builtin');
  });

  it("stays with Ollama when it does not answer yet but search reads its model's vectors (a reboot)", async () => {
    const standIn = await startOllamaStandIn();
    const url = standIn.url;
    await standIn.close();
    const config = loadConfig({ OLLAMA_URL: url });
    expect((await createAiProvider(config, logger, { searchModel: config.ai.embedModel })).name).toBe('ollama');
  });

  it('does as told when the provider is named', async () => {
    expect((await createAiProvider(loadConfig({ AI_PROVIDER: 'builtin' }), logger)).name).toBe('builtin');
    // Named explicitly, Ollama is used without probing: a down server shows at the first call.
    expect((await createAiProvider(loadConfig({ AI_PROVIDER: 'ollama', OLLAMA_URL: 'http://127.0.0.1:9' }), logger)).name).toBe('ollama');
  });
});
