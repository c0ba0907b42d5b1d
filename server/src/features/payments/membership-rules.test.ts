import type Stripe from 'stripe';

import {
  ended,
  followSubscription,
  giftEnd,
  liveSubscriptionRefusal,
  type MemberState,
  planRefusal,
  readSubscription,
  sessionPaid,
  type SubscriptionRead,
  subscriptionPeriodEnd,
  supersededPlan,
  trialEnd,
} from './membership-rules.js';

const NOW = new Date('2027-03-15T12:00:00.000Z');
const DAY = 86_400_000;
const days = (n: number) => new Date(NOW.getTime() + n * DAY);
const unix = (date: Date) => Math.floor(date.getTime() / 1000);

const free: MemberState = { isVip: false, vipExpiresAt: null, premiumType: null, premiumPlan: null, premiumRenews: false, stripeSubscriptionId: null, earlyUserGiftAt: null };
/** Given two months ago: the six-month gift runs four more months (to 2027-07-15). */
const GIFT_AT = new Date('2027-01-15T12:00:00.000Z');
const GIFT_END = new Date('2027-07-15T12:00:00.000Z');
const gifted: MemberState = { ...free, isVip: true, vipExpiresAt: GIFT_END, premiumType: 'early_user', earlyUserGiftAt: GIFT_AT };
const paying: MemberState = { ...free, isVip: true, vipExpiresAt: days(20), premiumType: 'paid', premiumPlan: 'monthly', premiumRenews: true, stripeSubscriptionId: 'sub_current' };
const sub = (changes: Partial<SubscriptionRead> = {}): SubscriptionRead => ({ id: 'sub_current', status: 'active', plan: 'monthly', periodEnd: days(30), renews: true, ...changes });

describe('giftEnd', () => {
  it.each<[string, Date | null, Date | null]>([
    ['no gift', null, null],
    ['a gift still running ends six calendar months after it was given', GIFT_AT, GIFT_END],
    ['a gift given on the 31st ends on the last day of a shorter month', new Date('2026-12-31T00:00:00.000Z'), new Date('2027-06-30T00:00:00.000Z')],
    ['a gift that ran out is no gift', new Date('2026-09-01T00:00:00.000Z'), null],
    ['a gift ending exactly now is over', new Date('2026-09-15T12:00:00.000Z'), null],
  ])('%s', (_case, earlyUserGiftAt, expected) => {
    expect(giftEnd({ earlyUserGiftAt }, NOW)).toEqual(expected);
  });
});

describe('ended', () => {
  it.each<[string, MemberState, string | null, ReturnType<typeof ended>]>([
    ['a paying member without a gift: premium ends now', paying, null, { isVip: false, vipExpiresAt: NOW, premiumType: null, premiumPlan: null, premiumRenews: false, stripeSubscriptionId: null }],
    ['with the gift still running: back to the gift', { ...paying, earlyUserGiftAt: GIFT_AT }, null, { isVip: true, vipExpiresAt: GIFT_END, premiumType: 'early_user', premiumPlan: null, premiumRenews: false, stripeSubscriptionId: null }],
    ['an end already past stays where it was', { ...paying, vipExpiresAt: days(-3) }, null, { isVip: false, vipExpiresAt: days(-3), premiumType: null, premiumPlan: null, premiumRenews: false, stripeSubscriptionId: null }],
    ['a failed renewal keeps the subscription', paying, 'sub_current', { isVip: false, vipExpiresAt: NOW, premiumType: null, premiumPlan: null, premiumRenews: false, stripeSubscriptionId: 'sub_current' }],
  ])('%s', (_case, member, keep, expected) => {
    expect(ended(member, keep, NOW)).toEqual(expected);
  });
});

describe('followSubscription', () => {
  const paid = (changes: Partial<ReturnType<typeof ended>>) => ({ kind: 'membership', membership: { isVip: true, vipExpiresAt: days(30), premiumType: 'paid', premiumPlan: 'monthly', premiumRenews: true, stripeSubscriptionId: 'sub_current', ...changes } });
  it.each<[string, MemberState | undefined, SubscriptionRead, boolean, unknown]>([
    ['active: premium to the end of the paid period', paying, sub(), false, paid({})],
    ['trialing counts as active', paying, sub({ status: 'trialing' }), false, paid({})],
    ['cancelled at the period end: premium runs on, no longer renews', paying, sub({ renews: false }), false, paid({ premiumRenews: false })],
    ['the yearly plan names its plan', paying, sub({ plan: 'yearly', periodEnd: days(365) }), false, paid({ premiumPlan: 'yearly', vipExpiresAt: days(365) })],
    ['no plan in the metadata keeps the member\'s plan', paying, sub({ plan: null }), false, paid({})],
    ['a paid period never shortens the early-user gift', { ...paying, earlyUserGiftAt: GIFT_AT }, sub(), false, paid({ vipExpiresAt: GIFT_END })],
    ['a paid period past the gift\'s end wins', { ...paying, earlyUserGiftAt: GIFT_AT }, sub({ periodEnd: days(200) }), false, paid({ vipExpiresAt: days(200) })],
    ['past due: premium ends now, the subscription stays current', paying, sub({ status: 'past_due' }), false, { kind: 'membership', membership: ended(paying, 'sub_current', NOW) }],
    ['unpaid: the same', paying, sub({ status: 'unpaid' }), false, { kind: 'membership', membership: ended(paying, 'sub_current', NOW) }],
    ['cancelled: premium ends now and the subscription is let go', paying, sub({ status: 'canceled' }), false, { kind: 'membership', membership: ended(paying, null, NOW) }],
    ['incomplete_expired: the same', paying, sub({ status: 'incomplete_expired' }), false, { kind: 'membership', membership: ended(paying, null, NOW) }],
    ['cancelled with the gift running: back to the gift', { ...paying, earlyUserGiftAt: GIFT_AT }, sub({ status: 'canceled' }), false, { kind: 'membership', membership: ended({ ...paying, earlyUserGiftAt: GIFT_AT }, null, NOW) }],
    ['another subscription than the current one moves nothing', paying, sub({ id: 'sub_old', status: 'canceled' }), false, { kind: 'not_current' }],
    ['a first subscription, none current yet, is followed', free, sub(), false, paid({})],
    ['a first grant adopts its subscription over the current one', paying, sub({ id: 'sub_new', plan: 'yearly', periodEnd: days(365) }), true, paid({ stripeSubscriptionId: 'sub_new', premiumPlan: 'yearly', vipExpiresAt: days(365) })],
    ['a deleted account\'s live subscription is to be cancelled', undefined, sub(), false, { kind: 'deleted_account', cancel: true }],
    ['so is a past-due one', undefined, sub({ status: 'past_due' }), true, { kind: 'deleted_account', cancel: true }],
    ['a cancelled one is left alone', undefined, sub({ status: 'canceled' }), false, { kind: 'deleted_account', cancel: false }],
  ])('%s', (_case, member, subscription, adopt, expected) => {
    expect(followSubscription(member, subscription, { adopt, now: NOW })).toEqual(expected);
  });
});

describe('trialEnd', () => {
  it.each<[string, Pick<MemberState, 'isVip' | 'vipExpiresAt'>, number | undefined]>([
    ['a free member starts now', free, undefined],
    ['the gift running: the plan starts when it ends', gifted, unix(GIFT_END)],
    ['a cancelled plan running 20 days: starts then', { isVip: true, vipExpiresAt: days(20) }, unix(days(20))],
    ['ending in under two days (Stripe\'s minimum): starts now', { isVip: true, vipExpiresAt: days(1.9) }, undefined],
    ['ending exactly two days away: starts now', { isVip: true, vipExpiresAt: days(2) }, undefined],
    ['an end already past: starts now', { isVip: true, vipExpiresAt: days(-1) }, undefined],
    ['premium without an end has no trial (refused before)', { isVip: true, vipExpiresAt: null }, undefined],
    ['not VIP, whatever the date says', { isVip: false, vipExpiresAt: days(20) }, undefined],
  ])('%s', (_case, member, expected) => {
    expect(trialEnd(member, NOW)).toBe(expected);
  });
});

describe('planRefusal', () => {
  it.each<[string, MemberState, ReturnType<typeof planRefusal>]>([
    ['a free member may buy', free, null],
    ['the gift running may buy (a trial until it ends)', gifted, null],
    ['a paid plan that renews is refused', paying, 'already_subscribed'],
    ['a cancelled plan still running may buy', { ...paying, premiumRenews: false }, null],
    ['a renewing plan that has run out may buy', { ...paying, vipExpiresAt: days(-1) }, null],
    ['premium without an end is refused', { ...free, isVip: true, vipExpiresAt: null }, 'premium_without_end'],
  ])('%s', (_case, member, expected) => {
    expect(planRefusal(member, NOW)).toBe(expected);
  });
});

describe('liveSubscriptionRefusal', () => {
  const live = (status: Stripe.Subscription.Status, cancel: { atPeriodEnd?: boolean; at?: number } = {}) => ({ status, cancel_at_period_end: cancel.atPeriodEnd ?? false, cancel_at: cancel.at ?? null });
  it.each<[string, ReturnType<typeof live>[], ReturnType<typeof liveSubscriptionRefusal>]>([
    ['none', [], null],
    ['one renewing', [live('active')], 'already_subscribed'],
    ['a renewing trial', [live('trialing')], 'already_subscribed'],
    ['one cancelled at the period end', [live('active', { atPeriodEnd: true })], null],
    ['one cancelled at a set time', [live('active', { at: unix(days(10)) })], null],
    ['a failed renewal: fix the card first', [live('past_due')], 'renewal_failed'],
    ['a failed renewal wins over a renewing one', [live('active'), live('past_due')], 'renewal_failed'],
  ])('%s', (_case, subscriptions, expected) => {
    expect(liveSubscriptionRefusal(subscriptions)).toBe(expected);
  });
});

describe('sessionPaid', () => {
  it.each<[Stripe.Checkout.Session.Status | null, Stripe.Checkout.Session.PaymentStatus, boolean]>([
    ['complete', 'paid', true],
    ['complete', 'no_payment_required', true],
    ['complete', 'unpaid', false],
    ['open', 'paid', false],
    ['expired', 'unpaid', false],
  ])('status %s, payment %s: %s', (status, payment_status, expected) => {
    expect(sessionPaid({ status, payment_status })).toBe(expected);
  });
});

describe('supersededPlan', () => {
  it.each<[string, Pick<MemberState, 'stripeSubscriptionId' | 'premiumRenews'> | undefined, string | null]>([
    ['no member', undefined, null],
    ['no current plan', { stripeSubscriptionId: null, premiumRenews: false }, null],
    ['the same plan granted again', { stripeSubscriptionId: 'sub_new', premiumRenews: true }, null],
    ['a cancelled plan still running', { stripeSubscriptionId: 'sub_current', premiumRenews: false }, null],
    ['a renewing plan: both were paid side by side', { stripeSubscriptionId: 'sub_current', premiumRenews: true }, 'sub_current'],
  ])('%s', (_case, member, expected) => {
    expect(supersededPlan(member, 'sub_new')).toBe(expected);
  });
});

describe('reading a Stripe subscription', () => {
  const stripeSub = (changes: Record<string, unknown>) => ({ id: 'sub_x', status: 'active', metadata: { kind: 'yearly' }, cancel_at_period_end: false, cancel_at: null, trial_end: null, items: { data: [{ current_period_end: unix(days(365)) }] }, ...changes }) as unknown as Stripe.Subscription;
  it.each<[string, Stripe.Subscription, SubscriptionRead]>([
    ['the period end from the item (Stripe\'s 2025 API)', stripeSub({}), { id: 'sub_x', status: 'active', plan: 'yearly', periodEnd: new Date(unix(days(365)) * 1000), renews: true }],
    ['from the subscription before that', stripeSub({ items: { data: [] }, current_period_end: unix(days(30)) }), { id: 'sub_x', status: 'active', plan: 'yearly', periodEnd: new Date(unix(days(30)) * 1000), renews: true }],
    ['from the trial\'s end when neither', stripeSub({ items: undefined, trial_end: unix(days(40)), status: 'trialing' }), { id: 'sub_x', status: 'trialing', plan: 'yearly', periodEnd: new Date(unix(days(40)) * 1000), renews: true }],
    ['cancelled at the period end does not renew', stripeSub({ cancel_at_period_end: true }), { id: 'sub_x', status: 'active', plan: 'yearly', periodEnd: new Date(unix(days(365)) * 1000), renews: false }],
    ['nor cancelled at a set time', stripeSub({ cancel_at: unix(days(9)) }), { id: 'sub_x', status: 'active', plan: 'yearly', periodEnd: new Date(unix(days(365)) * 1000), renews: false }],
    ['a kind that is no plan is no plan', stripeSub({ metadata: { kind: 'donation' } }), { id: 'sub_x', status: 'active', plan: null, periodEnd: new Date(unix(days(365)) * 1000), renews: true }],
  ])('%s', (_case, subscription, expected) => {
    expect(readSubscription(subscription, NOW)).toEqual(expected);
  });

  it('falls back to now when Stripe names no end at all', () => {
    expect(subscriptionPeriodEnd(stripeSub({ items: undefined }), NOW)).toEqual(NOW);
  });
});
