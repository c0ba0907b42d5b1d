import type { Router } from 'express';

import type { Config } from '../../config.js';
import { memberRateLimit } from '../../middleware/rate-limit.js';
import { validateBody } from '../../middleware/validate.js';
import type { RateLimitService } from '../../rate-limit/rate-limit.service.js';
import { ruledRouter } from '../../policies/routes.js';
import { introductionSchema } from './introductions.schema.js';
import type { IntroductionsService } from './introductions.service.js';

export function introductionsRoutes(deps: { introductions: IntroductionsService; limiter: RateLimitService; config: Config }): Router {
  const routes = ruledRouter();
  routes.post(
    '/introductions',
    'member',
    {},
    validateBody(introductionSchema),
    memberRateLimit(deps.limiter, 'introduction-user', deps.config.rateLimits.searchUser),
    async (req, res) => {
      res.status(201).json(await deps.introductions.introduce(req.user!.id, req.body));
    },
  );
  return routes.router;
}
