import { z } from 'zod';

/** Subscription status as the spec's auth context reads it (part 3 §3): GET /api/subscription, and in the session. */
export const SubscriptionStatus = z.strictObject({
  subscribed: z.boolean(),
  premiumType: z.enum(['early_user', 'paid']).nullable(),
  /** ISO timestamp; null when there is no end (or no membership). */
  subscriptionEnd: z.string().nullable(),
  /** The paid plan, and whether it renews at subscriptionEnd (false once cancelled). */
  plan: z.enum(['monthly', 'yearly']).nullable(),
  renews: z.boolean(),
  /** The member has a Stripe customer: Manage subscription opens Stripe's portal. */
  canManage: z.boolean(),
  /** False without Stripe keys: the payment buttons say payments are not configured. */
  paymentsConfigured: z.boolean(),
  /** Searches a day: a number for free members, null (no limit) for premium. */
  searchAllowance: z.number().int().nullable(),
});
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

/** POST /api/payments/checkout and /portal: where Stripe's page is. */
export const RedirectUrl = z.strictObject({ url: z.string() });
export type RedirectUrl = z.infer<typeof RedirectUrl>;

/** POST /api/payments/confirm: the success page's answer. */
export const PaymentConfirmation = z.strictObject({
  status: z.enum(['completed', 'pending']),
  type: z.enum(['subscription', 'donation']),
  message: z.string(),
});
export type PaymentConfirmation = z.infer<typeof PaymentConfirmation>;

/** POST /api/stripe/webhook: Stripe's event was taken, and what it did. */
export const WebhookReceived = z.strictObject({ received: z.literal(true), outcome: z.enum(['applied', 'duplicate', 'ignored']) });

/** What POST /api/payments/checkout names: a plan, or a donation (which carries its amount in dollars). */
export type PaymentPlan = 'monthly' | 'yearly' | 'donation';
