import type { Router } from 'express';

import { CheckInResult, Streak } from '../../../../contract/check-ins.js';
import { ruledRouter } from '../../policies/routes.js';
import type { CheckInsService } from './check-ins.service.js';

/** The signed-in member's own search streak (the client checks in once on returning from results). */
export function checkInsRoutes(checkIns: CheckInsService): Router {
  const routes = ruledRouter();
  routes.get('/check-ins', 'member', { response: Streak }, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await checkIns.status(req.user!.id));
  });
  routes.post('/check-ins', 'member', { response: CheckInResult }, async (req, res) => {
    res.json(await checkIns.checkIn(req.user!.id));
  });
  return routes.router;
}
