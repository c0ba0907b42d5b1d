import type { Router } from 'express';

import { MyMoments, RecommendedMoments, UserMoment } from '../../../../contract/moments.js';
import type { Config } from '../../config.js';
import { memberRateLimit } from '../../middleware/rate-limit.js';
import type { RateLimitService } from '../../rate-limit/rate-limit.service.js';
import { ruledRouter } from '../../policies/routes.js';
import { type MomentUpload, parseMomentUpload } from './moment-upload.js';
import { postUploadError } from './user-moments.schema.js';
import type { UserMomentsService } from './user-moments.service.js';
import { uuidParam } from '../../middleware/validate.js';

/** Posted moments: the member's own (post, history, delete) and the recommended feed. */
export function userMomentsRoutes(deps: { userMoments: UserMomentsService; limiter: RateLimitService; config: Config }): Router {
  const { userMoments } = deps;
  const routes = ruledRouter();

  routes.post(
    '/moments',
    'member',
    { response: UserMoment },
    memberRateLimit(deps.limiter, 'upload-user', deps.config.rateLimits.uploadUser),
    async (req, res) => {
      let upload: MomentUpload;
      try {
        upload = await parseMomentUpload(req, userMoments.uploadOptions);
      } catch (error) {
        throw postUploadError(error);
      }
      try {
        res.status(201).json(await userMoments.post(req.user!.id, upload));
      } finally {
        await upload.discard();
      }
    },
  );

  routes.get('/moments/mine', 'member', { response: MyMoments }, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await userMoments.history(req.user!.id));
  });

  routes.get('/moments/recommended', 'member', { response: RecommendedMoments }, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await userMoments.recommended(req.user!.id));
  });

  routes.delete('/moments/:id', 'member', { sends: 'nothing' }, async (req, res) => {
    await userMoments.remove(req.user!.id, uuidParam(req, 'id', { message: 'Moment not found.', code: 'moment_not_found' }));
    res.status(204).end();
  });

  return routes.router;
}
