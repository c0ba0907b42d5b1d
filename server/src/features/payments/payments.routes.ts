import express, { type Router } from 'express';

import { PaymentConfirmation, RedirectUrl, WebhookReceived } from '../../../../contract/payments.js';
import type { Config } from '../../config.js';
import { memberRateLimit } from '../../middleware/rate-limit.js';
import type { RateLimitService } from '../../rate-limit/rate-limit.service.js';
import { ruledRouter } from '../../policies/routes.js';
import { checkoutSchema, confirmSchema } from './payments.schema.js';
import type { PaymentsCheckout } from './payments.checkout.js';
import type { PaymentsEvents } from './payments.events.js';

/** Stripe's webhook: the raw body for the signature, so it is mounted before the JSON parser and the session. */
export function stripeWebhookRoutes(events: PaymentsEvents): Router {
  const routes = ruledRouter();
  routes.post('/api/stripe/webhook', 'public', { response: WebhookReceived }, express.raw({ type: '*/*', limit: '1mb' }), async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const outcome = await events.webhook(body, req.get('stripe-signature'));
    res.json({ received: true, outcome });
  });
  return routes.router;
}

/** Checkout, the success page's confirmation and the customer portal (members only). */
export function paymentsRoutes(deps: { payments: PaymentsCheckout; limiter: RateLimitService; config: Config }): Router {
  const { payments } = deps;
  const routes = ruledRouter();
  const limit = memberRateLimit(deps.limiter, 'checkout-user', deps.config.rateLimits.checkoutUser, (seconds) => `Too many checkouts started. Please try again in ${String(Math.ceil(seconds / 60))} minutes.`);
  routes.post('/payments/checkout', 'member', { body: checkoutSchema, response: RedirectUrl }, limit, async (req, res) => {
    const input = req.body;
    res.json(await payments.checkout(req.user!.id, input.plan === 'donation' ? { plan: 'donation', amountCents: input.amount } : { plan: input.plan }));
  });
  // Each confirmation asks Stripe; the success page asks at most 10 times per payment.
  const confirmLimit = memberRateLimit(deps.limiter, 'confirm-user', { limit: deps.config.rateLimits.checkoutUser.limit * 10, windowMs: deps.config.rateLimits.checkoutUser.windowMs });
  // The payment is Stripe's checkout session, read by the service, which asks `payment.confirm` of it.
  routes.post('/payments/confirm', 'member', { body: confirmSchema, response: PaymentConfirmation }, confirmLimit, async (req, res) => {
    res.json(await payments.confirm(req.user!.id, req.body.sessionId));
  });
  routes.post('/payments/portal', 'member', { response: RedirectUrl }, async (req, res) => {
    res.json(await payments.portal(req.user!.id));
  });
  return routes.router;
}
