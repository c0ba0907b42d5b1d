import path from 'node:path';
import { fileURLToPath } from 'node:url';

import pino from 'pino';
import request from 'supertest';

import { agentFor, signUp, uniqueEmail, type Agent } from '../../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { encodeWav } from './wav.js';
import { WhisperSpeechToText } from './whisper.adapter.js';

const standIn = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'test', 'whisper-worker-standin.mjs');

/** One second of 16 kHz mono, as the web app records it. */
const second = encodeWav(Int16Array.from({ length: 16_000 }, (_, i) => Math.round(6000 * Math.sin(i / 5))), 16_000);

describe('POST /api/speech-to-text without a model (the default)', () => {
  let t: TestApp;
  let agent: Agent;
  beforeAll(async () => {
    t = await createTestApp();
    agent = agentFor(t);
    await signUp(t, agent, uniqueEmail());
  });
  afterAll(() => t.close());

  it('needs a signed-in member', async () => {
    const res = await request(t.app).post('/api/speech-to-text').set('content-type', 'audio/wav').send(second).expect(401);
    expect(res.body.error.code).toBe('unauthorized');
  });

  it('says speech is unavailable, with 503', async () => {
    expect(t.ctx.services.speech).toMatchObject({ available: false, reason: 'WHISPER_MODEL is not set' });
    const res = await agent.post('/api/speech-to-text').set('content-type', 'audio/wav').send(second).expect(503);
    expect(res.body).toEqual({ error: { code: 'speech_unavailable', message: 'Speech recognition is not available on this server.' } });
  });
});

describe('POST /api/speech-to-text with whisper (a stand-in worker)', () => {
  let t: TestApp;
  let agent: Agent;
  const command = { command: process.execPath, args: [standIn, 'ok'] };
  beforeAll(async () => {
    const speech = new WhisperSpeechToText({ model: '/models/ggml-base.bin', timeoutMs: 1500, logger: pino({ level: 'silent' }), worker: command });
    t = await createTestApp({}, { speech });
    agent = agentFor(t);
    await signUp(t, agent, uniqueEmail());
  });
  afterAll(() => t.close());

  it('answers the text of a WAV recording', async () => {
    command.args[1] = 'ok';
    const res = await agent.post('/api/speech-to-text').set('content-type', 'audio/wav').send(second).expect(200);
    expect(res.body).toEqual({ text: 'Hello there, how are you?我喜欢徒步' });
    await agent.post('/api/speech-to-text').set('content-type', 'application/octet-stream').send(second).expect(200);
  });

  it('refuses other formats with 415 and says what to send', async () => {
    const webm = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01]);
    const res = await agent.post('/api/speech-to-text').set('content-type', 'audio/webm').send(webm).expect(415);
    expect(res.body.error).toEqual({
      code: 'unsupported_audio',
      message: 'WebM/Matroska audio is not supported. Send a WAV file (PCM 16-bit, mono or stereo, any sample rate; 16 kHz mono is best).',
    });
    // Not an audio type at all: the API's JSON-only rule answers first.
    await agent.post('/api/speech-to-text').set('content-type', 'text/plain').send('hello').expect(415);
  });

  it('refuses an empty body and an oversized one clearly', async () => {
    const empty = await agent.post('/api/speech-to-text').set('content-type', 'audio/wav').expect(400);
    expect(empty.body.error.code).toBe('audio_empty');
    const huge = await agent
      .post('/api/speech-to-text')
      .set('content-type', 'audio/wav')
      .send(Buffer.alloc(10 * 1024 * 1024 + 1))
      .expect(413);
    expect(huge.body.error).toEqual({ code: 'audio_too_large', message: 'Recordings can be at most 10 MB.' });
  });

  it('answers 502 speech_failed when the recognizer fails or times out', async () => {
    command.args[1] = 'crash';
    const crashed = await agent.post('/api/speech-to-text').set('content-type', 'audio/wav').send(second).expect(502);
    expect(crashed.body).toEqual({ error: { code: 'speech_failed', message: 'Speech recognition failed. Please try again.' } });
    command.args[1] = 'hang';
    const hung = await agent.post('/api/speech-to-text').set('content-type', 'audio/wav').send(second).expect(502);
    expect(hung.body.error.code).toBe('speech_failed');
  });
});
