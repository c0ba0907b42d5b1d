import type { Router } from 'express';
import { z } from 'zod';

import { parseInput } from '../../middleware/validate.js';
import { ruledRouter } from '../../policies/routes.js';
import { AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX, type AuditLogService } from './audit-log.service.js';

/** GET /api/admin/audit-log?limit=50&before=<iso> */
const listQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(AUDIT_PAGE_DEFAULT),
  before: z.iso
    .datetime({ offset: true, error: 'before must be a date and time such as 2026-11-28T10:00:00.000Z.' })
    .transform((value) => new Date(value))
    .optional(),
});

/** The administrator reads the audit log (administrator only). */
export function auditLogRoutes(deps: { auditLog: AuditLogService }): Router {
  const routes = ruledRouter();
  routes.get('/admin/audit-log', 'admin', {}, async (req, res) => {
    res.json(await deps.auditLog.list(parseInput(listQuerySchema, req.query)));
  });
  return routes.router;
}
