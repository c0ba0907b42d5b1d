import Stripe from 'stripe';

import { ServiceUnavailableError } from '../../errors.js';
import { PAYMENT_MESSAGES } from './payments.schema.js';

/**
 * The few Stripe calls Kindred makes, behind one small interface so the payment rules can be
 * read without Stripe's SDK in the way. The real one is Stripe's own client; tests point it at a
 * local stand-in that speaks the same HTTP API (STRIPE_API_URL).
 */
export interface StripeGateway {
  createCheckoutSession(params: Stripe.Checkout.SessionCreateParams): Promise<Stripe.Checkout.Session>;
  retrieveCheckoutSession(id: string): Promise<Stripe.Checkout.Session>;
  retrieveSubscription(id: string): Promise<Stripe.Subscription>;
  /** The customer's subscriptions that are active, trialing or past due (at most 10). */
  liveSubscriptions(customer: string): Promise<Stripe.Subscription[]>;
  createCustomer(email: string, userId: string): Promise<string>;
  /** The invoice a PaymentIntent paid, if any (a refund names only the PaymentIntent). */
  invoiceOfPaymentIntent(paymentIntent: string): Promise<string | null>;
  cancelSubscription(id: string): Promise<Stripe.Subscription>;
  createPortalSession(customer: string, returnUrl: string): Promise<{ url: string }>;
  /** Verifies the signature on the raw body (Stripe's default tolerance, 300 s) and parses the event. */
  verifyEvent(rawBody: Buffer, signature: string): Stripe.Event;
}

/** The gateway, or 503 `payments_not_configured` on a server without STRIPE_SECRET_KEY. */
export function requireGateway(gateway: StripeGateway | undefined): StripeGateway {
  if (!gateway) throw new ServiceUnavailableError(PAYMENT_MESSAGES.notConfigured, 'payments_not_configured');
  return gateway;
}

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
