import { Router } from 'express';

import { requireAuth } from '../../auth/session.js';
import type { CheckInsService } from './check-ins.service.js';

/** The signed-in member's own search streak (the client checks in once on returning from results). */
export function checkInsRoutes(checkIns: CheckInsService): Router {
  const router = Router();
  router.get('/check-ins', requireAuth, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await checkIns.status(req.user!.id));
  });
  router.post('/check-ins', requireAuth, async (req, res) => {
    res.json(await checkIns.checkIn(req.user!.id));
  });
  return router;
}
