import type { Request, Router } from 'express';

import { AdminPayments, AdminUsers, DeletedUser, Overview, ServerSettings } from '../../../../contract/admin.js';
import { uuidParam } from '../../middleware/validate.js';
import { ruledRouter } from '../../policies/routes.js';
import { ADMIN_MESSAGES, deleteUserSchema, usersQuerySchema } from './admin.schema.js';
import type { AdminService } from './admin.service.js';
import type { Middleware } from '../../middleware/middleware.js';

function userId(req: Request): string {
  return uuidParam(req, 'userId', { message: ADMIN_MESSAGES.userNotFound, code: 'user_not_found' });
}

/** The admin dashboard's Overview, Users, Payments and Settings tabs (administrator only). */
export function adminRoutes(deps: { admin: AdminService; stepUp: Middleware }): Router {
  const { admin, stepUp } = deps;
  const routes = ruledRouter();
  routes.get('/admin/overview', 'admin', { response: Overview }, async (_req, res) => {
    res.json(await admin.overview());
  });
  routes.get('/admin/users', 'admin', { query: usersQuerySchema, response: AdminUsers }, async (req, res) => {
    res.json(await admin.users(req.query));
  });
  // The administrator proves it is them, just now (auth/step-up.ts), before a member is deleted.
  routes.delete('/admin/users/:userId', 'admin', { body: deleteUserSchema, response: DeletedUser }, stepUp, async (req, res) => {
    res.json(await admin.deleteUser(req.user!, userId(req)));
  });
  routes.get('/admin/payments', 'admin', { response: AdminPayments }, async (_req, res) => {
    res.json(await admin.payments());
  });
  routes.get('/admin/settings', 'admin', { response: ServerSettings }, (_req, res) => {
    res.json(admin.settings());
  });
  return routes.router;
}
