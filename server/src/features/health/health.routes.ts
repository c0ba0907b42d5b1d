import type { Router } from 'express';

import { Liveness, Readiness } from '../../../../contract/health.js';
import { ruledRouter } from '../../policies/routes.js';
import type { HealthService } from './health.service.js';

export function healthRoutes(health: HealthService): Router {
  const routes = ruledRouter();

  // Liveness: the process answers. Never touches the database, so an orchestrator does not
  // restart a healthy process because Postgres is briefly away.
  routes.get('/healthz', 'public', { response: Liveness }, (_req, res) => {
    res.json({ status: 'ok' });
  });

  // Readiness: the database answers, the schema is current and pgvector is installed.
  routes.get('/readyz', 'public', { response: Readiness }, async (_req, res) => {
    const readiness = await health.readiness();
    res.status(readiness.ready ? 200 : 503).json({ status: readiness.ready ? 'ready' : 'unavailable', ...readiness });
  });

  return routes.router;
}
