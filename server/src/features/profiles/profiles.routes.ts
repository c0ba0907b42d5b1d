import { Router } from 'express';

import { requireAuth } from '../../auth/session.js';
import { validateBody } from '../../middleware/validate.js';
import { basicInfoSchema } from './profiles.schema.js';
import type { ProfilesService } from './profiles.service.js';

/** The signed-in member's own profile. Its fields keep the spec's column names. */
export function profilesRoutes(profiles: ProfilesService): Router {
  const router = Router();

  router.get('/profile', requireAuth, async (req, res) => {
    res.json(await profiles.own(req.user!.id));
  });

  router.put('/profile/basic', requireAuth, validateBody(basicInfoSchema), async (req, res) => {
    res.json(await profiles.saveBasic(req.user!, req.body));
  });

  return router;
}
