import { Router } from 'express';

import { NotFoundError } from '../../errors.js';
import { metricsAccess } from '../../policies/metrics.js';
import type { Metrics } from './metrics.js';

/**
 * GET /metrics in Prometheus's text format, for whom policies/metrics.ts allows. The proxy in
 * front does not forward /metrics at all, so the scraper reaches the app on the internal network.
 */
export function metricsRoutes(metrics: Metrics, token: string | undefined): Router {
  const router = Router();
  router.get('/metrics', async (req, res) => {
    const access = metricsAccess(token, req.get('authorization'));
    if (access === 'absent') throw new NotFoundError();
    if (access === 'denied') {
      res.status(401).setHeader('WWW-Authenticate', 'Bearer realm="metrics"').type('text/plain').send('Unauthorized\n');
      return;
    }
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  return router;
}
