import type { Request, Router } from 'express';

import { LikesResponse, LikeState } from '../../../../contract/likes.js';
import { ruledRouter } from '../../policies/routes.js';
import type { LikesService } from './likes.service.js';
import { uuidParam } from '../../middleware/validate.js';

/** A profile id from the path; anything that is not a uuid names no profile. */
const NOT_FOUND = { message: 'Profile not found.', code: 'profile_not_found' };

function profileId(req: Request): string {
  return uuidParam(req, 'profileId', NOT_FOUND);
}

/** The signed-in member's likes; each route acts only on the member's own rows. */
export function likesRoutes(likes: LikesService): Router {
  const routes = ruledRouter();
  routes.get('/likes', 'member', { response: LikesResponse }, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await likes.list(req.user!.id));
  });
  routes.get('/likes/:profileId', 'member', { response: LikeState }, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await likes.status(req.user!.id, profileId(req)));
  });
  const toLike = { load: (req: Request) => likes.toLike(req.user!.id, profileId(req)), notFound: NOT_FOUND, wording: { message: 'You cannot like your own profile.', code: 'cannot_like_self' } };
  routes.put('/likes/:profileId', 'profile.like', { response: LikeState, resource: toLike }, async (req, res) => {
    res.json(await likes.like(req.user!.id, res.locals.resource));
  });
  routes.delete('/likes/:profileId', 'member', { response: LikeState }, async (req, res) => {
    res.json(await likes.unlike(req.user!.id, profileId(req)));
  });
  return routes.router;
}
