import type { Router } from 'express';

import { WeeklyAnswerResponse, WeeklyRoundResponse, WeeklySettings, WeeklyView } from '../../../../contract/weekly-introductions.js';
import type { Config } from '../../config.js';
import { requestLanguage } from '../../i18n/request-language.js';
import { memberRateLimit } from '../../middleware/rate-limit.js';
import { uuidParam } from '../../middleware/validate.js';
import { ruledRouter } from '../../policies/routes.js';
import type { RateLimitService } from '../../rate-limit/rate-limit.service.js';
import { NOT_FOUND, type WeeklyIntroductionsService } from './weekly-introductions.service.js';

/** "Your three for this week": the member's cards and answers, the opt-in, and the admin's latest round. */
export function weeklyIntroductionsRoutes(deps: { weekly: WeeklyIntroductionsService; limiter: RateLimitService; config: Config }): Router {
  const { weekly } = deps;
  const routes = ruledRouter();
  // Answers count against the same per-member allowance as introductions: a hello may deliver one.
  const limit = memberRateLimit(deps.limiter, 'weekly-introduction-user', deps.config.rateLimits.searchUser);
  routes.get('/weekly-introductions', 'member', { response: WeeklyView }, async (req, res) => {
    res.json(await weekly.view(req.user!.id, requestLanguage(req)));
  });
  routes.put('/weekly-introductions/settings', 'member', { body: WeeklySettings, response: WeeklySettings }, async (req, res) => {
    res.json(await weekly.setOptedIn(req.user!.id, req.body.optedIn));
  });
  // 'weekly.answer': the audience here; which of the two members may answer is asked once the proposal is loaded.
  // The proposal is read under a lock in the answer's transaction, where the service asks `weekly.answer`.
  routes.post('/weekly-introductions/:id/hello', 'member', { response: WeeklyAnswerResponse }, limit, async (req, res) => {
    res.json(await weekly.answer(req.user!.id, uuidParam(req, 'id', NOT_FOUND), 'hello'));
  });
  routes.post('/weekly-introductions/:id/pass', 'member', { response: WeeklyAnswerResponse }, limit, async (req, res) => {
    res.json(await weekly.answer(req.user!.id, uuidParam(req, 'id', NOT_FOUND), 'pass'));
  });
  routes.get('/admin/weekly-introductions', 'admin', { response: WeeklyRoundResponse }, async (_req, res) => {
    res.json(await weekly.latestRound());
  });
  return routes.router;
}
