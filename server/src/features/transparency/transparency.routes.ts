import type { Router } from 'express';

import { TransparencyReport } from '../../../../contract/transparency.js';
import { ruledRouter } from '../../policies/routes.js';
import type { TransparencyService } from './transparency.service.js';

/** The public transparency report: counts anyone may read, signed in or not. */
export function transparencyRoutes(deps: { transparency: TransparencyService }): Router {
  const routes = ruledRouter();
  routes.get('/transparency', 'public', { response: TransparencyReport }, async (_req, res) => {
    // Counts that change a few times a day: a shared cache may keep them for an hour.
    res.set('Cache-Control', 'public, max-age=3600');
    res.json(await deps.transparency.report());
  });
  return routes.router;
}
