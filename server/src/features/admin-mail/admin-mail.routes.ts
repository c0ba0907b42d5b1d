import type { Router } from 'express';

import { AdminMailQuery, MailStatus } from '../../../../contract/admin-mail.js';
import { ruledRouter } from '../../policies/routes.js';
import type { AdminMailService } from './admin-mail.service.js';

/** GET /api/admin/mail?state=&limit=: the admin's view of outgoing mail (administrator only). */
export function adminMailRoutes(adminMail: AdminMailService): Router {
  const routes = ruledRouter();
  routes.get('/admin/mail', 'admin', { query: AdminMailQuery, response: MailStatus }, async (req, res) => {
    res.json(await adminMail.overview(req.query.state, req.query.limit));
  });
  return routes.router;
}
