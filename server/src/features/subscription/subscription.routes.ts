import type { Router } from 'express';

import { SubscriptionStatus } from '../../../../contract/payments.js';
import { ruledRouter } from '../../policies/routes.js';
import type { SubscriptionService } from './subscription.service.js';

export function subscriptionRoutes(subscription: SubscriptionService): Router {
  const routes = ruledRouter();
  routes.get('/subscription', 'member', { response: SubscriptionStatus }, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await subscription.status(req.user!.id));
  });
  return routes.router;
}
