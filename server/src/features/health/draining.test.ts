import request from 'supertest';

import { createTestApp, type TestApp } from '../../../test/test-app.js';

// SIGTERM (main.ts) marks the server stopping before it closes: the proxy's health check sees 503
// while requests are still served, and every response closes its connection so the proxy keeps
// no idle connection to a server about to go.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('says not ready while draining, still serves, and closes each connection', async () => {
  const before = await request(t.app).get('/readyz').expect(200);
  expect(before.body.stopping).toBeUndefined();

  t.ctx.services.health.markStopping();
  const draining = await request(t.app).get('/readyz').expect(503);
  expect(draining.body).toMatchObject({ status: 'unavailable', ready: false, stopping: true });
  const served = await request(t.app).get('/api/auth/session').expect(200);
  expect(served.headers.connection).toBe('close');
  await request(t.app).get('/healthz').expect(200, { status: 'ok' });
});
