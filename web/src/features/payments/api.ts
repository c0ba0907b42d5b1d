// Premium and donations (spec part 2: Premium, Payment success). Prices live on the server; the
// client names a plan, or a donation's amount, and goes where Stripe's checkout says.
import useSWR from 'swr';

import type { PaymentConfirmation, PaymentPlan, RedirectUrl } from '../../../../contract/payments';
import { api } from '../../api/client';
import type { Subscription } from '../auth/api';
import { sessionKey } from '../auth/useSession';

export type { PaymentPlan };

export const subscriptionKey = '/api/subscription';

/** Spec part 3 §9: the membership is re-checked every 60 s while signed in. */
export const SUBSCRIPTION_RECHECK_MS = 60_000;

/** The member's membership, re-checked every minute; nothing is asked for a visitor. */
export function useSubscription(signedIn: boolean, fallback?: Subscription) {
  const { data, mutate } = useSWR<Subscription>(signedIn ? subscriptionKey : null, { refreshInterval: SUBSCRIPTION_RECHECK_MS, fallbackData: fallback });
  return { subscription: data, mutate };
}

/** Spec part 2 §9: donations of at least 1.00 CAD, 19.99 by default. */
export const DONATION_DEFAULT = 19.99;
export const DONATION_MIN = 1;

export function startCheckout(plan: PaymentPlan, amount?: number): Promise<RedirectUrl> {
  return api<RedirectUrl>('/api/payments/checkout', { method: 'POST', body: plan === 'donation' ? { plan, amount } : { plan } });
}

export type { PaymentConfirmation };

export function confirmPayment(sessionId: string): Promise<PaymentConfirmation> {
  return api<PaymentConfirmation>('/api/payments/confirm', { method: 'POST', body: { sessionId } });
}

export function openCustomerPortal(): Promise<RedirectUrl> {
  return api<RedirectUrl>('/api/payments/portal', { method: 'POST' });
}

/** Spec part 3 §4: while anyone is signed in, their membership is re-checked every 60 s, on every page. */
export function SubscriptionWatch(): null {
  const { data } = useSWR<{ user: unknown }>(sessionKey);
  useSubscription(Boolean(data?.user));
  return null;
}
