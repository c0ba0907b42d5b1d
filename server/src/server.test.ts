import http from 'node:http';

import express from 'express';
import pino from 'pino';

import { KEEP_ALIVE_TIMEOUT_MS, listen } from './server.js';

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent: new http.Agent({ keepAlive: true }) }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

it("keeps idle connections open longer than a reverse proxy keeps its own (Caddy's 2 minutes), so the proxy never reuses one the app just closed", async () => {
  const running = await listen(express(), '127.0.0.1', 0, pino({ level: 'silent' }));
  expect(running.server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
  expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(120_000);
  await running.stop(1000);
});

describe('listen().stop', () => {
  it('stops accepting, lets an in-flight request finish, then resolves', async () => {
    const app = express();
    app.get('/slow', (_req, res) => {
      setTimeout(() => res.send('finished'), 300);
    });
    const running = await listen(app, '127.0.0.1', 0, pino({ level: 'silent' }));

    const inFlight = get(running.port, '/slow');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const stopped = running.stop(5000);

    await expect(inFlight).resolves.toEqual({ status: 200, body: 'finished' });
    const started = Date.now();
    await stopped;
    expect(Date.now() - started).toBeLessThan(1000);
    await expect(get(running.port, '/slow')).rejects.toThrow(/ECONNREFUSED/);
  });

  it('cuts connections that outlive the timeout', async () => {
    const app = express();
    app.get('/hang', () => {
      /* never answers */
    });
    const running = await listen(app, '127.0.0.1', 0, pino({ level: 'silent' }));
    const hanging = get(running.port, '/hang').catch((error: Error) => error);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await running.stop(200);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await hanging).toMatchObject({ code: 'ECONNRESET' });
  });
});
