import type { Router } from 'express';

import { OwnProfile } from '../../../../contract/profile.js';
import type { Config } from '../../config.js';
import { memberRateLimit } from '../../middleware/rate-limit.js';
import type { RateLimitService } from '../../rate-limit/rate-limit.service.js';
import { ruledRouter } from '../../policies/routes.js';
import { ownProfileOf } from '../profiles/own-profile.js';
import { parseMomentUpload } from './moment-upload.js';
import type { MomentsService } from './moments.service.js';

/** The signed-in member's moments. Bodies are multipart/form-data, parsed while they stream in. */
export function momentsRoutes(deps: { moments: MomentsService; limiter: RateLimitService; config: Config }): Router {
  const { moments } = deps;
  const routes = ruledRouter();

  routes.put(
    '/profile/first-moment',
    'member',
    { response: OwnProfile },
    memberRateLimit(deps.limiter, 'upload-user', deps.config.rateLimits.uploadUser),
    async (req, res) => {
      const upload = await parseMomentUpload(req, moments.uploadOptions);
      let profile;
      try {
        profile = await moments.saveFirstMoment(req.user!.id, upload);
      } finally {
        await upload.discard();
      }
      res.json(ownProfileOf(profile));
    },
  );

  return routes.router;
}
