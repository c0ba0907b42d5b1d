import type { Request, RequestHandler, Router } from 'express';

import { parseInput, uuidParam, validateBody } from '../../middleware/validate.js';
import { ruledRouter } from '../../policies/routes.js';
import { ADMIN_MESSAGES, deleteUserSchema, usersQuerySchema } from './admin.schema.js';
import type { AdminService } from './admin.service.js';

function userId(req: Request): string {
  return uuidParam(req, 'userId', { message: ADMIN_MESSAGES.userNotFound, code: 'user_not_found' });
}

/** The admin dashboard's Overview, Users, Payments and Settings tabs (administrator only). */
export function adminRoutes(deps: { admin: AdminService; stepUp: RequestHandler }): Router {
  const { admin, stepUp } = deps;
  const routes = ruledRouter();
  routes.get('/admin/overview', 'admin', {}, async (_req, res) => {
    res.json(await admin.overview());
  });
  routes.get('/admin/users', 'admin', {}, async (req, res) => {
    res.json(await admin.users(parseInput(usersQuerySchema, req.query)));
  });
  // The administrator proves it is them, just now (auth/step-up.ts), before a member is deleted.
  routes.delete('/admin/users/:userId', 'admin', {}, validateBody(deleteUserSchema), stepUp, async (req, res) => {
    res.json(await admin.deleteUser(req.user!, userId(req)));
  });
  routes.get('/admin/payments', 'admin', {}, async (_req, res) => {
    res.json(await admin.payments());
  });
  routes.get('/admin/settings', 'admin', {}, (_req, res) => {
    res.json(admin.settings());
  });
  return routes.router;
}
