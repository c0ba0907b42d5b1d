import Stripe from 'stripe';

import type { StripeGateway } from './stripe-gateway.js';

// Stripe's own client behind the gateway. context.ts imports this file only when STRIPE_SECRET_KEY
// is set, so a server without payments never loads Stripe's SDK.

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string | undefined;
  /** A stand-in's address instead of Stripe's. */
  apiUrl: string | undefined;
}

export function createStripeGateway(settings: StripeSettings): StripeGateway {
  const target = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(target ? { host: target.hostname, port: Number(target.port || (target.protocol === 'https:' ? 443 : 80)), protocol: target.protocol === 'https:' ? 'https' : 'http' } : {}),
  });
  return {
    createCheckoutSession: (params) => stripe.checkout.sessions.create(params),
    retrieveCheckoutSession: (id) => stripe.checkout.sessions.retrieve(id),
    retrieveSubscription: (id) => stripe.subscriptions.retrieve(id),
    liveSubscriptions: async (customer) => {
      const { data } = await stripe.subscriptions.list({ customer, status: 'all', limit: 10 });
      return data.filter((s) => s.status === 'active' || s.status === 'trialing' || s.status === 'past_due');
    },
    createCustomer: async (email, userId) => (await stripe.customers.create({ email, metadata: { userId } })).id,
    invoiceOfPaymentIntent: async (paymentIntent) => {
      const { data } = await stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: paymentIntent }, limit: 1 });
      const invoice = data[0]?.invoice;
      return invoice == null ? null : typeof invoice === 'string' ? invoice : (invoice.id ?? null);
    },
    cancelSubscription: (id) => stripe.subscriptions.cancel(id),
    createPortalSession: async (customer, returnUrl) => {
      const session = await stripe.billingPortal.sessions.create({ customer, return_url: returnUrl });
      return { url: session.url };
    },
    verifyEvent: (rawBody, signature) => {
      if (!settings.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
      return stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
    },
  };
}
