import { z } from 'zod';

import { DONATION_MAX_CENTS, DONATION_MIN_CENTS } from './plans.js';

/** The spec's words (part 2 §5, §8). */
export const DONATION_MESSAGES = {
  invalidAmount: 'Donation amount must be at least $1.00 CAD',
  tooLarge: `Donation amount must be at most $${(DONATION_MAX_CENTS / 100).toLocaleString('en-CA')} CAD`,
  cents: 'Donation amount can have at most two decimals',
} as const;

/** What the payment calls answer in plain words. */
export const PAYMENT_MESSAGES = {
  notConfigured: 'Payments are not configured on this server. Nothing was charged.',
  checkoutFailed: 'Checkout failed: the payment service did not answer. Please try again in a moment.',
  alreadySubscribed: 'You already have a premium subscription. Use Manage subscription in Settings to change or cancel it.',
  lifetime: 'Your premium membership does not expire, so there is nothing to buy.',
  notFound: 'No payment with this session was found for your account.',
  processed: 'Your payment has been processed successfully.',
  pending: 'Your payment is still being processed. This page will update when it is complete.',
  noCustomer: 'There is no subscription to manage yet.',
  pastDue: 'Your last renewal could not be charged. Update your card with Manage subscription in Settings.',
} as const;

const M = DONATION_MESSAGES;

/** A donation's amount in CAD dollars, as typed (19.99), becomes whole cents. */
const donationAmount = z
  .number({ error: M.invalidAmount })
  .refine((value) => Number.isFinite(value) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, M.cents)
  .transform((value) => Math.round(value * 100))
  .pipe(z.number().int().min(DONATION_MIN_CENTS, M.invalidAmount).max(DONATION_MAX_CENTS, M.tooLarge));

/** POST /api/payments/checkout: a plan by name; only a donation carries an amount. */
export const checkoutSchema = z.discriminatedUnion('plan', [
  z.strictObject({ plan: z.literal('monthly') }),
  z.strictObject({ plan: z.literal('yearly') }),
  z.strictObject({ plan: z.literal('donation'), amount: donationAmount }),
], { error: 'Choose monthly, yearly or donation.' });

/** POST /api/payments/confirm. Stripe's session ids are cs_test_… / cs_live_…. */
export const confirmSchema = z.strictObject({
  sessionId: z.string({ error: 'The payment session is missing.' }).trim().regex(/^cs_[A-Za-z0-9_]{1,250}$/, 'The payment session is not valid.'),
});
