import type { Router } from 'express';

import { NotFoundError } from '../../errors.js';
import { may } from '../../policies/index.js';
import { ruledRouter } from '../../policies/routes.js';
import type { Metrics } from './metrics.js';

/**
 * GET /metrics in Prometheus's text format, for whom the `metrics.scrape` rule allows
 * (policies/metrics.ts); without METRICS_TOKEN it does not exist here at all. The proxy in
 * front does not forward /metrics at all, so the scraper reaches the app on the internal network.
 */
export function metricsRoutes(metrics: Metrics, token: string | undefined): Router {
  const routes = ruledRouter();
  // The `metrics.scrape` rule is asked here, not by the router: its refusal is Prometheus's 401 with
  // WWW-Authenticate, and without a token the route does not exist (404).
  routes.get('/metrics', 'public', { sends: 'text' }, async (req, res) => {
    if (!token) throw new NotFoundError();
    if (!may(null, 'metrics.scrape', { token, authorization: req.get('authorization') })) {
      res.status(401).setHeader('WWW-Authenticate', 'Bearer realm="metrics"').type('text/plain').send('Unauthorized\n');
      return;
    }
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  return routes.router;
}
