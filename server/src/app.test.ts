import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import request from 'supertest';

import { createTestApp, type TestApp } from '../test/test-app.js';

let webDir: string;
let t: TestApp;

beforeAll(async () => {
  // A stand-in for the Vite build: the SPA routes only need index.html and an asset.
  webDir = await mkdtemp(path.join(os.tmpdir(), 'kindred-web-'));
  await mkdir(path.join(webDir, 'assets'));
  await writeFile(
    path.join(webDir, 'index.html'),
    '<html lang="en"><head><meta name="product-name" content="Kindred" /><title>Kindred</title></head><body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(webDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  t = await createTestApp({ PRODUCT_NAME: 'Campus <Match>', JSON_BODY_LIMIT: '1kb' }, { webDir });
});

afterAll(async () => {
  await t.close();
  await rm(webDir, { recursive: true, force: true });
});

describe('health', () => {
  it('GET /healthz answers while the process is up', async () => {
    const res = await request(t.app).get('/healthz').expect(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('GET /readyz reports the database mode, current migrations and the vector extension', async () => {
    const res = await request(t.app).get('/readyz').expect(200);
    expect(res.body).toMatchObject({
      status: 'ready',
      database: {
        mode: process.env.TEST_DATABASE_URL ? 'external' : 'embedded',
        reachable: true,
        migrations: 'current',
        pendingMigrations: [],
      },
    });
    expect(res.body.database.vectorExtension).toMatch(/^\d+\.\d+\.\d+$/);
    // The tests run the offline provider, and /readyz says so.
    expect(res.body.ai).toEqual({
      provider: 'builtin',
      models: { chat: 'kindred-builtin-rules-v1', embedding: 'kindred-builtin-embed-v4', dimensions: 384 },
    });
  });
});

describe('API errors', () => {
  it('answers unknown API routes with 404 in the error shape', async () => {
    const res = await request(t.app).get('/api/no-such-thing').expect(404).expect('content-type', /json/);
    expect(res.body).toEqual({ error: { code: 'not_found', message: 'No API route for GET /api/no-such-thing' } });
  });

  it('rejects malformed JSON with 400', async () => {
    const res = await request(t.app).post('/api/anything').set('content-type', 'application/json').send('{"a":').expect(400);
    expect(res.body).toEqual({ error: { code: 'invalid_json', message: 'The request body is not valid JSON.' } });
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.js|SyntaxError/);
  });

  it('rejects a body over the limit with 413', async () => {
    const res = await request(t.app)
      .post('/api/anything')
      .send({ text: 'x'.repeat(2048) })
      .expect(413);
    expect(res.body.error.code).toBe('payload_too_large');
  });

  it('answers a non-GET to a page path with JSON 404, not HTML', async () => {
    const res = await request(t.app).post('/search').send({}).expect(404).expect('content-type', /json/);
    expect(res.body.error.code).toBe('not_found');
  });
});

describe('request ids and headers', () => {
  it('gives every response a request id, keeping a well-formed incoming one', async () => {
    const generated = await request(t.app).get('/healthz');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await request(t.app).get('/healthz').set('x-request-id', 'proxy-42');
    expect(kept.headers['x-request-id']).toBe('proxy-42');
    const replaced = await request(t.app).get('/healthz').set('x-request-id', 'bad id <script>');
    expect(replaced.headers['x-request-id']).not.toBe('bad id <script>');
  });

  it('sends a CSP that only allows the app itself to run scripts', async () => {
    const res = await request(t.app).get('/');
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'none'"); // no <base> may redirect relative URLs (finding 10)
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('the SPA', () => {
  it('names the reader\'s language in <html lang> before any script runs: the cookie, else the browser\'s', async () => {
    expect((await request(t.app).get('/search').set('Accept-Language', 'zh-CN,zh;q=0.9').expect(200)).text).toContain('<html lang="zh-Hans">');
    expect((await request(t.app).get('/').set('Accept-Language', 'zh-CN').set('Cookie', 'kindred_lang=fr').expect(200)).text).toContain('<html lang="fr">');
    expect((await request(t.app).get('/').set('Cookie', 'kindred_lang=<script>').expect(200)).text).toContain('<html lang="en">');
  });

  it('serves index.html for client routes, with the product name written in and escaped', async () => {
    for (const route of ['/', '/search', '/some/unknown/page']) {
      const res = await request(t.app).get(route).expect(200).expect('content-type', /html/);
      expect(res.text).toContain('<meta name="product-name" content="Campus &#60;Match&#62;" />');
      expect(res.text).toContain('<title>Campus &#60;Match&#62;</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache, and 404 for a missing one', async () => {
    const res = await request(t.app).get('/assets/index-abc123.js').expect(200);
    expect(res.headers['cache-control']).toContain('immutable');
    await request(t.app).get('/assets/missing.js').expect(404);
  });
});
