import { randomBytes } from 'node:crypto';

import type { Router } from 'express';

import type { Config } from '../../config.js';
import { requestLanguage } from '../../i18n/request-language.js';
import { byIp, rateLimit, worded } from '../../middleware/rate-limit.js';
import type { RateLimitService } from '../../rate-limit/rate-limit.service.js';
import { ruledRouter } from '../../policies/routes.js';
import { Presence, PresenceRequest, TouchpointProfiles, TouchpointView, VisitResponse } from '../../../../contract/touchpoints.js';
import { locationIdParam, TOUCHPOINT_MESSAGES, VISITOR_COOKIE, visitorCookie } from './touchpoints.schema.js';
import type { TouchpointsService } from './touchpoints.service.js';

const YEAR_MS = 365 * 86_400_000;

/** Reads of touchpoint pages per address: a scraper walking location names gets the spec-style refusal. */
export function touchpointReadLimit(limiter: RateLimitService, config: Config) {
  return worded(rateLimit(limiter, 'touchpoint-ip', config.rateLimits.touchpointIp, byIp, 'batched'), (seconds) =>
    TOUCHPOINT_MESSAGES.tooMany(Math.ceil(seconds / 60)),
  );
}

/** The touchpoint page's calls: open to visitors who are not signed in (spec part 3 §6). */
export function touchpointsRoutes(deps: { touchpoints: TouchpointsService; limiter: RateLimitService; config: Config }): Router {
  const { touchpoints, config } = deps;
  const routes = ruledRouter();
  const limited = touchpointReadLimit(deps.limiter, config);

  routes.get('/locations/:locationId', 'public', { response: TouchpointView }, limited, async (req, res) => {
    res.json(await touchpoints.view(locationIdParam(req), req.user ?? null));
  });

  routes.post('/locations/:locationId/visits', 'public', { response: VisitResponse }, limited, async (req, res) => {
    const locationId = locationIdParam(req);
    let cookieId = visitorCookie(req);
    if (!cookieId) {
      cookieId = randomBytes(16).toString('hex');
      res.cookie(VISITOR_COOKIE, cookieId, { httpOnly: true, sameSite: 'lax', secure: config.env === 'production', maxAge: YEAR_MS, path: '/api/locations' });
    }
    res.json(await touchpoints.visit(locationId, { userId: req.user?.id ?? null, cookieId }));
  });

  routes.get('/locations/:locationId/profiles', 'public', { response: TouchpointProfiles }, limited, async (req, res) => {
    res.json(await touchpoints.profiles(locationIdParam(req), req.user?.id ?? null, requestLanguage(req)));
  });

  routes.get('/touchpoint-presence', 'member', { response: Presence }, async (req, res) => {
    res.json(await touchpoints.presence(req.user!.id));
  });
  routes.put('/touchpoint-presence', 'member', { body: PresenceRequest, response: Presence }, async (req, res) => {
    res.json(await touchpoints.setShowAtTouchpoints(req.user!.id, req.body.show));
  });
  return routes.router;
}
