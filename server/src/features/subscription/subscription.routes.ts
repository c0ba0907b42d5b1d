import { Router } from 'express';

import { requireAuth } from '../../auth/session.js';
import type { SubscriptionService } from './subscription.service.js';

export function subscriptionRoutes(subscription: SubscriptionService): Router {
  const router = Router();
  router.get('/subscription', requireAuth, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await subscription.status(req.user!.id));
  });
  return router;
}
