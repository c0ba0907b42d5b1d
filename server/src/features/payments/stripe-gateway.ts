import type Stripe from 'stripe';

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
