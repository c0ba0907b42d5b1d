import type { Request, Router } from 'express';

import type { Config } from '../../config.js';
import type { Middleware } from '../../middleware/middleware.js';
import { memberRateLimit } from '../../middleware/rate-limit.js';
import { uuidParam } from '../../middleware/validate.js';
import type { RateLimitService } from '../../rate-limit/rate-limit.service.js';
import { ruledRouter } from '../../policies/routes.js';
import {
  BlockedResponse,
  BlockRequest,
  BlockResponse,
  ModerationActionRequest,
  ModerationActionResponse,
  ModerationQueue,
  ReportRequest,
  ReportResponse,
  STEP_UP_ACTIONS,
  UnblockResponse,
} from '../../../../contract/moderation.js';
import { MODERATION_MESSAGES } from './moderation.schema.js';
import type { ModerationService } from './moderation.service.js';

/** Members' reports and blocks, and the administrator's moderation queue. */
export function moderationRoutes(deps: { moderation: ModerationService; limiter: RateLimitService; config: Config; stepUp: Middleware }): Router {
  const { moderation } = deps;
  // Suspending and deleting a member need the administrator's proof made just now (auth/step-up.ts),
  // as DELETE /api/admin/users/:userId does; the actions undone with one click do not.
  const stepUpFor: Middleware = (req, res, next) => {
    const { action } = req.body as ModerationActionRequest;
    return STEP_UP_ACTIONS.has(action) ? deps.stepUp(req, res, next) : next();
  };
  const routes = ruledRouter();
  routes.get('/blocks', 'member', { response: BlockedResponse }, async (req, res) => {
    res.json(await moderation.blocked(req.user!.id));
  });
  // The member a block or a report is about: another live member (policies/moderation.ts).
  const about = {
    load: (req: Request<Record<string, string>, unknown, { profileId: string }>) => moderation.ownerOf(req.body.profileId),
    notFound: { message: MODERATION_MESSAGES.notFound, code: 'profile_not_found' },
    wording: { message: MODERATION_MESSAGES.self, code: 'self' },
  };
  routes.post('/blocks', 'profile.block', { body: BlockRequest, response: BlockResponse, resource: about }, async (req, res) => {
    res.status(201).json(await moderation.block(req.user!.id, res.locals.resource));
  });
  routes.delete('/blocks/:profileId', 'member', { response: UnblockResponse }, async (req, res) => {
    res.json(await moderation.unblock(req.user!.id, uuidParam(req, 'profileId', { message: MODERATION_MESSAGES.notFound, code: 'not_found' })));
  });
  routes.post(
    '/reports',
    'profile.report',
    {
      body: ReportRequest,
      response: ReportResponse,
      // Counted before the body is read: every report sent counts, well-formed or not.
      before: [memberRateLimit(deps.limiter, 'report-user', deps.config.rateLimits.reportUser, (seconds) => MODERATION_MESSAGES.tooMany(Math.ceil(seconds / 3600)))],
      resource: about,
    },
    async (req, res) => {
      res.status(201).json(await moderation.report(req.user!.id, res.locals.resource, req.body));
    },
  );

  routes.get('/admin/moderation', 'admin', { response: ModerationQueue }, async (_req, res) => {
    res.json(await moderation.queue());
  });
  routes.post('/admin/moderation/:userId/actions', 'admin', { body: ModerationActionRequest, response: ModerationActionResponse }, stepUpFor, async (req, res) => {
    const userId = uuidParam(req, 'userId', { message: MODERATION_MESSAGES.reportNotFound, code: 'not_found' });
    res.json(await moderation.act(req.user!, userId, req.body.action, { message: req.body.message, reason: req.body.reason, note: req.body.note }));
  });
  return routes.router;
}
