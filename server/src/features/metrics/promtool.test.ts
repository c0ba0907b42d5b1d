import { spawnSync } from 'node:child_process';

import request from 'supertest';

import { signedInMember } from '../../../test/members.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { Metrics } from './metrics.js';
import { MetricsRepository } from './metrics.repository.js';

// The rule: `promtool check metrics` (Prometheus's own linter) has nothing to say about a real
// /metrics page. CI installs promtool (.ci/install-proxy.sh); without it this test is skipped, and
// says so.

const TOKEN = 'metrics-token-0123456789';
const promtool = spawnSync('promtool', ['--version'], { encoding: 'utf8' }).status === 0;
if (!promtool) process.stderr.write('promtool.test.ts: promtool is not installed (apt-get install prometheus); skipping the lint of /metrics\n');
const itWithPromtool = promtool ? it : it.skip;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(() => t.close());

itWithPromtool('a real /metrics page passes promtool check metrics without a single remark', async () => {
  // Every family with samples: requests (2xx and 4xx), a search, a job run, the mail queue, the pool.
  const ana = await signedInMember(t, 'Ana Lee');
  await ana.agent.post('/api/search').send({ query: 'hiking friends' }).expect(200);
  await ana.agent.get('/api/profiles/00000000-0000-4000-8000-000000000000').expect(404);
  await t.ctx.jobs.run('fix-formats');
  const page = (await request(t.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200)).text;
  // prom-client's *_total gauges are gone; the labelled gauges they summed stay.
  expect(page).not.toMatch(/^kindred_nodejs_active_\w+_total/m);
  expect(page).toMatch(/^# TYPE kindred_nodejs_active_handles gauge$/m);

  const lint = spawnSync('promtool', ['check', 'metrics'], { input: page, encoding: 'utf8' });
  expect({ status: lint.status, remarks: `${lint.stdout}${lint.stderr}`.trim() }).toEqual({ status: 0, remarks: '' });
});

itWithPromtool('so do the read replica\'s metrics, which only a server with DATABASE_REPLICA_URL has', async () => {
  const metrics = new Metrics({
    pool: t.ctx.database.pool,
    repository: new MetricsRepository(t.ctx.db),
    replica: () => ({ status: 'in-use', lagMs: 120, maxLagMs: 2000, reads: { replica: 5, primary: 2, fallbacks: 1 } }),
  });
  const page = await metrics.registry.metrics();
  expect(page).toContain('kindred_replica_lag_seconds 0.12');
  const lint = spawnSync('promtool', ['check', 'metrics'], { input: page, encoding: 'utf8' });
  expect({ status: lint.status, remarks: `${lint.stdout}${lint.stderr}`.trim() }).toEqual({ status: 0, remarks: '' });
});
