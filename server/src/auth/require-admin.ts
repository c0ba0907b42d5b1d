import type { RequestHandler } from 'express';

import { authorize } from '../policies/index.js';

/**
 * Admin routes: a visitor gets 401, a member who is not the administrator 403. The decision is
 * the policy's (the `admin` rule; the session's account carries the spec's double check).
 */
export function requireAdmin(): RequestHandler {
  return (req, _res, next) => {
    authorize(req.user, 'admin');
    next();
  };
}
