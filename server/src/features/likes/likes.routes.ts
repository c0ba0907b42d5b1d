import { type Request, Router } from 'express';

import { requireAuth } from '../../auth/session.js';
import type { LikesService } from './likes.service.js';
import { uuidParam } from '../../middleware/validate.js';

/** A profile id from the path; anything that is not a uuid names no profile. */
function profileId(req: Request): string {
  return uuidParam(req, 'profileId', { message: 'Profile not found.', code: 'profile_not_found' });
}

/** The signed-in member's likes; each route acts only on the member's own rows. */
export function likesRoutes(likes: LikesService): Router {
  const router = Router();
  router.get('/likes', requireAuth, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await likes.list(req.user!.id));
  });
  router.get('/likes/:profileId', requireAuth, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await likes.status(req.user!.id, profileId(req)));
  });
  router.put('/likes/:profileId', requireAuth, async (req, res) => {
    res.json(await likes.like(req.user!.id, profileId(req)));
  });
  router.delete('/likes/:profileId', requireAuth, async (req, res) => {
    res.json(await likes.unlike(req.user!.id, profileId(req)));
  });
  return router;
}
