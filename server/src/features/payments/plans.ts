// What can be bought (spec part 2 §9): the server's catalogue is the only source of prices; the
// client names a plan, never an amount, except for a donation's free amount, checked here.

export type PlanId = 'monthly' | 'yearly';
export type PaymentKind = PlanId | 'donation';

export interface Plan {
  id: PlanId;
  name: string;
  amountCents: number;
  interval: 'month' | 'year';
}

export const CURRENCY = 'cad';

export const PLANS: Record<PlanId, Plan> = {
  monthly: { id: 'monthly', name: 'Monthly Premium', amountCents: 599, interval: 'month' },
  yearly: { id: 'yearly', name: 'Annual Premium', amountCents: 5999, interval: 'year' },
};

/** Spec: at least 1.00 CAD, 19.99 by default. The top keeps a typo (an extra zero or three) from reaching a card. */
export const DONATION_MIN_CENTS = 100;
export const DONATION_MAX_CENTS = 1_000_000;

export const isPlan = (kind: string): kind is PlanId => kind === 'monthly' || kind === 'yearly';
