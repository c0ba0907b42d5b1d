import type Stripe from 'stripe';

import { addMonths, EARLY_USER_MONTHS } from '../subscription/subscription.service.js';
import { vipActive } from '../../policies/premium.js';
import { isPlan, type PlanId } from './plans.js';

// The membership rules of premium, as pure functions: what a subscription gives, when premium
// ends, the early-user gift, a new plan's trial. No database, no Stripe calls, no clock of their
// own (`now` is passed in), so each rule is tested by a table of cases (membership-rules.test.ts).

/** Stripe asks for a trial to end at least two days ahead; a membership ending sooner is simply overlapped. */
export const MIN_TRIAL_MS = 48 * 3_600_000;
const ACTIVE = new Set<string>(['active', 'trialing']);
/** Still able to charge the member: what a deleted account's subscriptions must not be. */
const LIVE = new Set<string>(['active', 'trialing', 'past_due', 'unpaid']);

export const isActive = (status: string): boolean => ACTIVE.has(status);
export const isLive = (status: string): boolean => LIVE.has(status);

/** The membership columns of a profile. */
export interface Membership {
  isVip: boolean;
  vipExpiresAt: Date | null;
  premiumType: 'early_user' | 'paid' | null;
  premiumPlan: PlanId | null;
  premiumRenews: boolean;
  stripeSubscriptionId: string | null;
}

/** A member as the rules see them: the membership and when the early-user gift was given. */
export interface MemberState extends Membership {
  earlyUserGiftAt: Date | null;
}

/** A subscription as one read from Stripe says it is: all the rules need of it. */
export interface SubscriptionRead {
  id: string;
  status: string;
  plan: PlanId | null;
  /** The end of the paid period (or of the trial). */
  periodEnd: Date;
  /** Neither cancelled at the period's end nor at a set time. */
  renews: boolean;
}

/** The paid period's end: on the subscription item since Stripe's 2025 API, on the subscription before. */
export function subscriptionPeriodEnd(subscription: Stripe.Subscription, now: Date): Date {
  const item = subscription.items?.data?.[0] as { current_period_end?: number } | undefined;
  const legacy = (subscription as unknown as { current_period_end?: number }).current_period_end;
  const seconds = item?.current_period_end ?? legacy ?? subscription.trial_end;
  return seconds == null ? now : new Date(seconds * 1000);
}

/** What the rules take from a Stripe subscription. */
export function readSubscription(subscription: Stripe.Subscription, now: Date): SubscriptionRead {
  const kind = subscription.metadata?.kind;
  return {
    id: subscription.id,
    status: subscription.status,
    plan: kind && isPlan(kind) ? kind : null,
    periodEnd: subscriptionPeriodEnd(subscription, now),
    renews: !subscription.cancel_at_period_end && !subscription.cancel_at,
  };
}

/** The early-user gift's end while it still runs, else null. */
export function giftEnd(member: Pick<MemberState, 'earlyUserGiftAt'>, now: Date): Date | null {
  if (!member.earlyUserGiftAt) return null;
  const end = addMonths(member.earlyUserGiftAt, EARLY_USER_MONTHS);
  return end > now ? end : null;
}

/** Premium as it is once the paid plan is over: the early-user gift if it still runs, else none from now (an end already past stays). */
export function ended(member: MemberState, keepSubscription: string | null, now: Date): Membership {
  const gift = giftEnd(member, now);
  if (gift) return { isVip: true, vipExpiresAt: gift, premiumType: 'early_user', premiumPlan: null, premiumRenews: false, stripeSubscriptionId: keepSubscription };
  const end = member.vipExpiresAt && member.vipExpiresAt < now ? member.vipExpiresAt : now;
  return { isVip: false, vipExpiresAt: end, premiumType: null, premiumPlan: null, premiumRenews: false, stripeSubscriptionId: keepSubscription };
}

/** What a subscription does to a member's membership. */
export type SubscriptionOutcome =
  /** The membership becomes this. */
  | { kind: 'membership'; membership: Membership }
  /** Another subscription is the member's current one: this one moves nothing. */
  | { kind: 'not_current' }
  /** The account is deleted; a subscription still able to charge it is to be cancelled. */
  | { kind: 'deleted_account'; cancel: boolean };

/**
 * The membership a subscription gives: active or trialing runs to the end of the paid period
 * (never shortening an early-user gift); past due or unpaid (a failed renewal) ends premium now
 * but keeps the subscription current, so the member can fix their card and a successful retry
 * brings it back; anything else ends it, back to the gift if that still runs. Only the member's
 * current subscription (or the first one, when none is) moves the membership, unless `adopt` (a
 * first grant of its Checkout Session) makes this one current.
 */
export function followSubscription(member: MemberState | undefined, subscription: SubscriptionRead, options: { adopt: boolean; now: Date }): SubscriptionOutcome {
  if (!member) return { kind: 'deleted_account', cancel: isLive(subscription.status) };
  const current = member.stripeSubscriptionId;
  if (!options.adopt && current !== null && current !== subscription.id) return { kind: 'not_current' };
  if (isActive(subscription.status)) {
    const gift = giftEnd(member, options.now);
    return {
      kind: 'membership',
      membership: {
        isVip: true,
        vipExpiresAt: gift && gift > subscription.periodEnd ? gift : subscription.periodEnd,
        premiumType: 'paid',
        premiumPlan: subscription.plan ?? member.premiumPlan,
        premiumRenews: subscription.renews,
        stripeSubscriptionId: subscription.id,
      },
    };
  }
  return { kind: 'membership', membership: ended(member, isLive(subscription.status) ? subscription.id : null, options.now) };
}

/**
 * A plan bought while the member is premium (the gift, or a cancelled plan still running) starts
 * when that membership ends: a trial until then (Unix seconds), if that is at least Stripe's two
 * days away. Undefined: the plan starts now.
 */
export function trialEnd(member: Pick<Membership, 'isVip' | 'vipExpiresAt'>, now: Date): number | undefined {
  const end = member.vipExpiresAt;
  if (!end || !vipActive(member.isVip, end, now) || end.getTime() - now.getTime() <= MIN_TRIAL_MS) return undefined;
  return Math.floor(end.getTime() / 1000);
}

/** Why our own record of the member refuses a new plan: premium without an end, or a paid plan that renews. */
export function planRefusal(member: Pick<Membership, 'isVip' | 'vipExpiresAt' | 'premiumType' | 'premiumRenews'>, now: Date): 'premium_without_end' | 'already_subscribed' | null {
  if (!vipActive(member.isVip, member.vipExpiresAt, now)) return null;
  if (member.vipExpiresAt === null) return 'premium_without_end';
  if (member.premiumType === 'paid' && member.premiumRenews) return 'already_subscribed';
  return null;
}

/** Why the customer's live subscriptions at Stripe refuse a new plan: a failed renewal to fix, or one that renews. */
export function liveSubscriptionRefusal(live: Pick<Stripe.Subscription, 'status' | 'cancel_at_period_end' | 'cancel_at'>[]): 'renewal_failed' | 'already_subscribed' | null {
  if (live.some((s) => s.status === 'past_due')) return 'renewal_failed';
  if (live.some((s) => !s.cancel_at_period_end && !s.cancel_at)) return 'already_subscribed';
  return null;
}

/** A Checkout Session Stripe says is paid (or needs no payment: a plan starting with a trial). */
export function sessionPaid(session: Pick<Stripe.Checkout.Session, 'status' | 'payment_status'>): boolean {
  return session.status === 'complete' && (session.payment_status === 'paid' || session.payment_status === 'no_payment_required');
}

/** A second plan paid while another was current and renewing (two tabs): the other one's id, for the operator. */
export function supersededPlan(member: Pick<Membership, 'stripeSubscriptionId' | 'premiumRenews'> | undefined, adopted: string): string | null {
  const current = member?.stripeSubscriptionId;
  return current && current !== adopted && member.premiumRenews ? current : null;
}
