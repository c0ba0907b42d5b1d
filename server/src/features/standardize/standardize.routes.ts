import type { Router } from 'express';

import type { Config } from '../../config.js';
import { memberRateLimit } from '../../middleware/rate-limit.js';
import type { RateLimitService } from '../../rate-limit/rate-limit.service.js';
import { ruledRouter } from '../../policies/routes.js';
import { StandardizeRequest, StandardizeResponse } from '../../../../contract/standardize.js';
import type { StandardizationService } from './standardize.service.js';

export function standardizeRoutes(deps: { standardization: StandardizationService; limiter: RateLimitService; config: Config }): Router {
  const routes = ruledRouter();
  routes.post(
    '/standardize',
    'member',
    { body: StandardizeRequest, response: StandardizeResponse },
    memberRateLimit(deps.limiter, 'standardize-user', deps.config.rateLimits.standardizeUser),
    async (req, res) => {
      res.json(await deps.standardization.standardize(req.body));
    },
  );
  return routes.router;
}
