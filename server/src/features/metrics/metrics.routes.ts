import { timingSafeEqual } from 'node:crypto';

import { Router } from 'express';

import { NotFoundError } from '../../errors.js';
import type { Metrics } from './metrics.js';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics in Prometheus's text format. Off (404) unless METRICS_TOKEN is set; then only for
 * `Authorization: Bearer <token>`. The proxy in front does not forward /metrics at all, so the
 * scraper reaches the app on the internal network.
 */
export function metricsRoutes(metrics: Metrics, token: string | undefined): Router {
  const router = Router();
  router.get('/metrics', async (req, res) => {
    if (!token) throw new NotFoundError();
    const given = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1];
    if (!given || !sameSecret(given, token)) {
      res.status(401).setHeader('WWW-Authenticate', 'Bearer realm="metrics"').type('text/plain').send('Unauthorized\n');
      return;
    }
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  return router;
}
