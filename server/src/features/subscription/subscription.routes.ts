import type { Router } from 'express';

import { ruledRouter } from '../../policies/routes.js';
import type { SubscriptionService } from './subscription.service.js';

export function subscriptionRoutes(subscription: SubscriptionService): Router {
  const routes = ruledRouter();
  routes.get('/subscription', 'member', {}, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await subscription.status(req.user!.id));
  });
  return routes.router;
}
