import { Router } from 'express';

import { requireAuth } from '../../auth/session.js';
import type { Config } from '../../config.js';
import { memberRateLimit } from '../../middleware/rate-limit.js';
import type { RateLimitService } from '../../rate-limit/rate-limit.service.js';
import { type MomentUpload, parseMomentUpload } from './moment-upload.js';
import { postUploadError } from './user-moments.schema.js';
import type { UserMomentsService } from './user-moments.service.js';
import { uuidParam } from '../../middleware/validate.js';

/** Posted moments: the member's own (post, history, delete) and the recommended feed. */
export function userMomentsRoutes(deps: { userMoments: UserMomentsService; limiter: RateLimitService; config: Config }): Router {
  const { userMoments } = deps;
  const router = Router();

  router.post(
    '/moments',
    requireAuth,
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

  router.get('/moments/mine', requireAuth, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await userMoments.history(req.user!.id));
  });

  router.get('/moments/recommended', requireAuth, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await userMoments.recommended(req.user!.id));
  });

  router.delete('/moments/:id', requireAuth, async (req, res) => {
    await userMoments.remove(req.user!.id, uuidParam(req, 'id', { message: 'Moment not found.', code: 'moment_not_found' }));
    res.status(204).end();
  });

  return router;
}
