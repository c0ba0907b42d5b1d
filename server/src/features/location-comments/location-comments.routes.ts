import type { Request, Router } from 'express';

import { DeletedComment, LocationComments, PostedComment } from '../../../../contract/location-comments.js';
import type { Config } from '../../config.js';
import { byIp, rateLimit, worded } from '../../middleware/rate-limit.js';
import { uuidParam } from '../../middleware/validate.js';
import type { RateLimitService } from '../../rate-limit/rate-limit.service.js';
import { touchpointReadLimit } from '../touchpoints/touchpoints.routes.js';
import { locationIdParam } from '../touchpoints/touchpoints.schema.js';
import { ruledRouter } from '../../policies/routes.js';
import { COMMENT_MESSAGES, createCommentSchema } from './location-comments.schema.js';
import type { CommentViewer, LocationCommentsService } from './location-comments.service.js';

/** The touchpoint wall: read and written by anyone (visitors too), deleted by its author or the administrator. */
export function locationCommentsRoutes(deps: { comments: LocationCommentsService; limiter: RateLimitService; config: Config }): Router {
  const { comments, limiter, config } = deps;
  const routes = ruledRouter();
  const viewer = (req: Request): CommentViewer => req.user ?? null;
  const minutes = (seconds: number) => COMMENT_MESSAGES.tooMany(Math.ceil(seconds / 60));
  const readLimit = touchpointReadLimit(limiter, config);

  routes.get('/locations/:locationId/comments', 'public', { response: LocationComments }, readLimit, async (req, res) => {
    res.json(await comments.list(locationIdParam(req), viewer(req)));
  });
  routes.post(
    '/locations/:locationId/comments',
    'public',
    { body: createCommentSchema, response: PostedComment },
    // Per address, so visitors who are not signed in are limited too; and per member.
    worded(rateLimit(limiter, 'comment-ip', config.rateLimits.commentIp, byIp), minutes),
    worded(rateLimit(limiter, 'comment-user', config.rateLimits.commentUser, (req) => req.user?.id), minutes),
    async (req, res) => {
      res.status(201).json(await comments.post(locationIdParam(req), viewer(req), req.body));
    },
  );
  const notFound = { message: COMMENT_MESSAGES.notFound, code: 'comment_not_found' };
  const toDelete = (req: Request) => comments.toDelete(uuidParam(req, 'id', notFound));
  routes.delete(
    '/comments/:id',
    'comment.delete',
    { response: DeletedComment, resource: { load: toDelete, notFound, wording: { message: COMMENT_MESSAGES.notYours, code: 'not_your_comment' } } },
    async (_req, res) => {
      res.json(await comments.delete(res.locals.resource));
    },
  );
  return routes.router;
}
