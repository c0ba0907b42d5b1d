import type { Request, Response, Router } from 'express';

import { ProfileCard } from '../../../../contract/profile-card.js';
import { SearchRequest, SearchResponse } from '../../../../contract/search.js';
import type { Config } from '../../config.js';
import { requestLanguage } from '../../i18n/request-language.js';
import { memberRateLimit } from '../../middleware/rate-limit.js';
import { readsOnly } from '../../middleware/read-your-writes.js';
import { uuidParam } from '../../middleware/validate.js';
import type { RateLimitService } from '../../rate-limit/rate-limit.service.js';
import { ruledRouter } from '../../policies/routes.js';
import type { SearchService } from './search.service.js';
import { searchAllowanceLimit } from './search-allowance.js';
import type { Clock } from '../../clock.js';
import type { Metrics } from '../metrics/metrics.js';

/** Aborts when the client goes away, so a search for nobody stops early. */
function clientGone(req: Request, res: Response): AbortSignal {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  req.on('aborted', () => controller.abort());
  return controller.signal;
}

export function searchRoutes(deps: { search: SearchService; limiter: RateLimitService; config: Config; clock: Clock; metrics: Metrics }): Router {
  const routes = ruledRouter();
  const limit = memberRateLimit(deps.limiter, 'search-user', deps.config.rateLimits.searchUser);
  const allowance = searchAllowanceLimit({ limiter: deps.limiter, freeDaily: deps.config.premium.searchFreeDaily, now: () => deps.clock.now() });

  // A search is a POST (its query is a body), but reads: it does not keep its member on the primary.
  routes.post('/search', 'member', { body: SearchRequest, response: SearchResponse }, readsOnly, limit, allowance, async (req, res) => {
    const end = deps.metrics.searchSeconds.startTimer();
    try {
      const results = await deps.search.search(req.user!.id, req.body, clientGone(req, res), requestLanguage(req));
      end({ outcome: 'ok' });
      res.json(results);
    } catch (error) {
      end({ outcome: 'error' });
      throw error;
    }
  });

  routes.get('/profiles/:profileId', 'member', { response: ProfileCard }, async (req, res) => {
    const id = uuidParam(req, 'profileId', { message: 'Profile not found.', code: 'profile_not_found' });
    res.json(await deps.search.profileCard(req.user!.id, id));
  });

  return routes.router;
}
