import type { RequestHandler } from 'express';

import { ForbiddenError, UnauthorizedError } from '../errors.js';
import type { AuthService } from './auth.service.js';
import { AUTH_MESSAGES } from './messages.js';

/**
 * Admin routes: a visitor gets 401, a member who is not the administrator 403. The decision is
 * the policy's (policies/isAdmin: the admin role AND the ADMIN_EMAIL account).
 */
export function requireAdmin(auth: AuthService): RequestHandler {
  return async (req, _res, next) => {
    if (!req.user) throw new UnauthorizedError(AUTH_MESSAGES.signInRequired, 'unauthorized');
    if (!(await auth.isAdmin(req.user))) throw new ForbiddenError('Only the administrator may do that.', 'admin_only');
    next();
  };
}
