import { type Request, Router } from 'express';

import type { AuthService } from '../../auth/auth.service.js';
import { requireAdmin } from '../../auth/require-admin.js';
import { parseInput, uuidParam } from '../../middleware/validate.js';
import { ADMIN_MESSAGES, usersQuerySchema } from './admin.schema.js';
import type { AdminService } from './admin.service.js';

function userId(req: Request): string {
  return uuidParam(req, 'userId', { message: ADMIN_MESSAGES.userNotFound, code: 'user_not_found' });
}

/** The admin dashboard's Overview, Users, Payments and Settings tabs (administrator only). */
export function adminRoutes(deps: { admin: AdminService; auth: AuthService }): Router {
  const { admin } = deps;
  const onlyAdmin = requireAdmin();
  const router = Router();
  router.get('/admin/overview', onlyAdmin, async (_req, res) => {
    res.json(await admin.overview());
  });
  router.get('/admin/users', onlyAdmin, async (req, res) => {
    res.json(await admin.users(parseInput(usersQuerySchema, req.query)));
  });
  router.delete('/admin/users/:userId', onlyAdmin, async (req, res) => {
    res.json(await admin.deleteUser(req.user!, userId(req)));
  });
  router.get('/admin/payments', onlyAdmin, async (_req, res) => {
    res.json(await admin.payments());
  });
  router.get('/admin/settings', onlyAdmin, (_req, res) => {
    res.json(admin.settings());
  });
  return router;
}
