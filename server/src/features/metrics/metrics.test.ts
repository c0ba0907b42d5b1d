import request from 'supertest';

import { agentFor, signUp } from '../../../test/auth-helpers.js';
import { signedInMember } from '../../../test/members.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

const TOKEN = 'metrics-token-0123456789';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN, ADMIN_EMAIL: 'admin-metrics@example.com' });
});
afterAll(() => t.close());

it('answers only with the bearer token', async () => {
  await request(t.app).get('/metrics').expect(401).expect('www-authenticate', 'Bearer realm="metrics"');
  await request(t.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}x`).expect(401);
  await request(t.app).get('/metrics').set('Authorization', `Basic ${TOKEN}`).expect(401);
  await request(t.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200).expect('content-type', /^text\/plain; version=0\.0\.4/);
});

it('is not opened by any session: a member and the administrator need the token too', async () => {
  const member = await signedInMember(t, 'Bo Chen');
  await member.agent.get('/metrics').expect(401);
  const admin = agentFor(t);
  await signUp(t, admin, 'admin-metrics@example.com');
  await t.ctx.services.auth.grantAdmin('admin-metrics@example.com');
  await admin.get('/api/admin/jobs').expect(200);
  await admin.get('/metrics').expect(401);
  await admin.get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
});

it('is not there at all without METRICS_TOKEN', async () => {
  const other = await createTestApp();
  try {
    await request(other.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(404);
  } finally {
    await other.close();
  }
});

it('reports request latency by route pattern, search latency, the mail queue, job runs and the pool', async () => {
  const ana = await signedInMember(t, 'Ana Lee');
  await ana.agent.post('/api/search').send({ query: 'hiking friends' }).expect(200);
  await ana.agent.get('/api/profiles/00000000-0000-4000-8000-000000000000').expect(404);
  await t.ctx.jobs.run('fix-formats');

  const text = (await request(t.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200)).text;
  expect(text).toMatch(/^kindred_http_request_duration_seconds_count\{method="POST",route="\/api\/search",status="2xx"\} 1$/m);
  // The pattern, never the id: labels stay few however many profiles are viewed.
  expect(text).toMatch(/^kindred_http_request_duration_seconds_count\{method="GET",route="\/api\/profiles\/:profileId",status="4xx"\} 1$/m);
  expect(text).not.toContain('00000000-0000-4000-8000-000000000000');
  expect(text).toMatch(/^kindred_search_duration_seconds_count\{outcome="ok"\} 1$/m);
  expect(text).toMatch(/^kindred_mail_queue\{state="queued"\} \d+$/m);
  expect(text).toMatch(/^kindred_db_pool_connections\{state="total"\} [1-9]/m);
  expect(text).toMatch(/^kindred_process_cpu_seconds_total /m);
  expect(text).toMatch(/^kindred_job_runs\{job="fix-formats",state="completed"\} 1$/m);
});
