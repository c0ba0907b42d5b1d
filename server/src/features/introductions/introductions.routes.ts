import type { Router } from 'express';

import { Introduction, IntroductionRequest } from '../../../../contract/introductions.js';
import type { Config } from '../../config.js';
import { memberRateLimit } from '../../middleware/rate-limit.js';
import type { RateLimitService } from '../../rate-limit/rate-limit.service.js';
import { ruledRouter } from '../../policies/routes.js';
import type { IntroductionsService } from './introductions.service.js';

export function introductionsRoutes(deps: { introductions: IntroductionsService; limiter: RateLimitService; config: Config }): Router {
  const routes = ruledRouter();
  routes.post(
    '/introductions',
    'member',
    { body: IntroductionRequest, response: Introduction },
    memberRateLimit(deps.limiter, 'introduction-user', deps.config.rateLimits.searchUser),
    async (req, res) => {
      res.status(201).json(await deps.introductions.introduce(req.user!.id, req.body));
    },
  );
  return routes.router;
}
