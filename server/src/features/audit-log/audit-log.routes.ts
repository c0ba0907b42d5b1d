import type { Router } from 'express';

import { AuditLogPage, AuditLogQuery } from '../../../../contract/audit-log.js';
import { ruledRouter } from '../../policies/routes.js';
import type { AuditLogService } from './audit-log.service.js';

/** The administrator reads the audit log (administrator only). */
export function auditLogRoutes(deps: { auditLog: AuditLogService }): Router {
  const routes = ruledRouter();
  routes.get('/admin/audit-log', 'admin', { query: AuditLogQuery, response: AuditLogPage }, async (req, res) => {
    res.json(await deps.auditLog.list(req.query));
  });
  return routes.router;
}
