import type { Router } from 'express';
import { z } from 'zod';

import { parseInput } from '../../middleware/validate.js';
import { ruledRouter } from '../../policies/routes.js';
import type { AdminMailService } from './admin-mail.service.js';

const query = z.object({
  state: z.enum(['queued', 'sending', 'sent', 'failed']).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** GET /api/admin/mail?state=&limit=: the admin's view of outgoing mail (administrator only). */
export function adminMailRoutes(adminMail: AdminMailService): Router {
  const routes = ruledRouter();
  routes.get('/admin/mail', 'admin', {}, async (req, res) => {
    const { state, limit } = parseInput(query, req.query);
    res.json(await adminMail.overview(state, limit));
  });
  return routes.router;
}
