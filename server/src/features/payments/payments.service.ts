import type { Transaction } from 'kysely';
import type { Logger } from 'pino';
import type Stripe from 'stripe';

import type { Clock } from '../../clock.js';
import type { DB } from '../../db/schema.js';
import { AppError, ConflictError, NotFoundError, ServiceUnavailableError } from '../../errors.js';
import type { Mailer } from '../../mail/mailer.js';
import { paymentConfirmationMail } from '../../mail/templates.js';
import { authorize } from '../../policies/index.js';
import { addMonths, EARLY_USER_MONTHS } from '../subscription/subscription.service.js';
import { vipActive } from '../subscription/vip.js';
import type { Membership, PayingMember, PaymentsRepository } from './payments.repository.js';
import { CURRENCY, isPlan, type PaymentKind, PLANS } from './plans.js';
import type { StripeGateway } from './stripe-gateway.js';

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

/** Stripe asks for a trial to end at least two days ahead; a membership ending sooner is simply overlapped. */
const MIN_TRIAL_MS = 48 * 3_600_000;
const ACTIVE = new Set<Stripe.Subscription.Status>(['active', 'trialing']);
/** Still able to charge the member: what a deleted account's subscriptions must not be. */
const LIVE = new Set<Stripe.Subscription.Status>(['active', 'trialing', 'past_due', 'unpaid']);

const idOf = (value: string | { id: string } | null | undefined): string | null => (value == null ? null : typeof value === 'string' ? value : value.id);
const fromUnix = (seconds: number) => new Date(seconds * 1000);
const dollars = (cents: number, currency: string) => `$${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

export interface CheckoutInput {
  plan: PaymentKind;
  /** A donation's amount in cents (checked by the schema); plans ignore it. */
  amountCents?: number;
}

export interface ConfirmResult {
  status: 'completed' | 'pending';
  type: 'subscription' | 'donation';
  message: string;
}

interface Granted {
  userId: string;
  kind: PaymentKind;
  amountCents: number;
  currency: string;
}

/**
 * Premium and donations (spec part 2 §4, §7): checkout sessions from the catalogue, the
 * once-only grant shared by the webhook and the success page, and the membership kept in step
 * with the Stripe subscription. Stripe is the record of what was paid; Kindred only ever asks it.
 */
export class PaymentsService {
  constructor(
    private readonly deps: {
      repository: PaymentsRepository;
      /** Undefined without STRIPE_SECRET_KEY: every payment call says payments are not configured. */
      gateway: StripeGateway | undefined;
      clock: Clock;
      mailer: Mailer;
      logger: Logger;
      publicUrl: string;
      productName: string;
    },
  ) {}

  get configured(): boolean {
    return this.deps.gateway !== undefined;
  }

  private gateway(): StripeGateway {
    if (!this.deps.gateway) throw new ServiceUnavailableError(PAYMENT_MESSAGES.notConfigured, 'payments_not_configured');
    return this.deps.gateway;
  }

  private async member(userId: string): Promise<PayingMember> {
    const member = await this.deps.repository.member(userId);
    if (!member) throw new NotFoundError('Your profile was not found.', 'profile_not_found');
    return member;
  }

  /**
   * The member's Stripe customer, made before their first checkout, so every checkout, the portal
   * and the subscriptions of one member share one customer. Two first checkouts at once keep the
   * customer that was stored first.
   */
  private async customerOf(member: PayingMember): Promise<string> {
    if (member.stripeCustomerId) return member.stripeCustomerId;
    const made = await this.gateway().createCustomer(member.email, member.userId);
    await this.deps.repository.setCustomer(member.userId, made);
    return (await this.deps.repository.customerOf(member.userId)) ?? made;
  }

  /** A call to Stripe whose failure the member sees as one clear 502. */
  private async stripeCall<T>(code: string, message: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      this.deps.logger.warn({ err: error }, `payments: ${code}`);
      throw new AppError(502, code, message);
    }
  }

  /** A Stripe Checkout Session for a plan or a donation; the amount is always the catalogue's (or the checked donation). */
  async checkout(userId: string, input: CheckoutInput): Promise<{ url: string }> {
    const gateway = this.gateway();
    const member = await this.member(userId);
    const now = this.deps.clock.now();
    const { publicUrl, productName } = this.deps;
    const metadata = { userId, kind: input.plan };
    const type = isPlan(input.plan) ? 'subscription' : 'donation';
    const customer = await this.stripeCall('checkout_failed', PAYMENT_MESSAGES.checkoutFailed, () => this.customerOf(member));
    if (isPlan(input.plan)) {
      // Stripe, not our copy, says what is running: a second tab or a stale page must not start a second plan.
      const live = await this.stripeCall('checkout_failed', PAYMENT_MESSAGES.checkoutFailed, () => gateway.liveSubscriptions(customer));
      if (live.some((s) => s.status === 'past_due')) throw new ConflictError(PAYMENT_MESSAGES.pastDue, 'renewal_failed');
      if (live.some((s) => !s.cancel_at_period_end && !s.cancel_at)) throw new ConflictError(PAYMENT_MESSAGES.alreadySubscribed, 'already_subscribed');
    }
    const common = {
      client_reference_id: userId,
      metadata,
      customer,
      success_url: `${publicUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}&type=${type}`,
      cancel_url: `${publicUrl}/settings`,
    } satisfies Partial<Stripe.Checkout.SessionCreateParams>;

    let params: Stripe.Checkout.SessionCreateParams;
    let amountCents: number;
    if (isPlan(input.plan)) {
      const plan = PLANS[input.plan];
      const premium = vipActive(member.isVip, member.vipExpiresAt, now);
      if (premium && member.vipExpiresAt === null) throw new ConflictError(PAYMENT_MESSAGES.lifetime, 'premium_without_end');
      if (premium && member.premiumType === 'paid' && member.premiumRenews) throw new ConflictError(PAYMENT_MESSAGES.alreadySubscribed, 'already_subscribed');
      // Spec: a new subscription begins when the current membership ends. Until then it is a
      // trial: nothing is charged before the gift or the cancelled plan runs out.
      const trialEnd = premium && member.vipExpiresAt && member.vipExpiresAt.getTime() - now.getTime() > MIN_TRIAL_MS ? Math.floor(member.vipExpiresAt.getTime() / 1000) : undefined;
      amountCents = plan.amountCents;
      params = {
        ...common,
        mode: 'subscription',
        line_items: [{ quantity: 1, price_data: { currency: CURRENCY, unit_amount: plan.amountCents, recurring: { interval: plan.interval }, product_data: { name: `${productName} ${plan.name}` } } }],
        subscription_data: { metadata, ...(trialEnd ? { trial_end: trialEnd } : {}) },
      };
    } else {
      amountCents = input.amountCents!;
      params = {
        ...common,
        mode: 'payment',
        line_items: [{ quantity: 1, price_data: { currency: CURRENCY, unit_amount: amountCents, product_data: { name: `Donation to ${productName}` } } }],
        payment_intent_data: { metadata },
      };
    }

    let session: Stripe.Checkout.Session;
    try {
      session = await gateway.createCheckoutSession(params);
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'payments: creating a checkout session failed');
      throw new AppError(502, 'checkout_failed', PAYMENT_MESSAGES.checkoutFailed);
    }
    if (!session.url) throw new AppError(502, 'checkout_failed', PAYMENT_MESSAGES.checkoutFailed);
    await this.deps.repository.insertPending({ userId, kind: input.plan, amountCents, currency: CURRENCY.toUpperCase(), sessionId: session.id });
    return { url: session.url };
  }

  /**
   * The success page's call: asks Stripe for the session (never trusts the redirect), then grants
   * through the same once-only path as the webhook. Another member's session is not found.
   */
  async confirm(userId: string, sessionId: string): Promise<ConfirmResult> {
    const gateway = this.gateway();
    let session: Stripe.Checkout.Session;
    try {
      session = await gateway.retrieveCheckoutSession(sessionId);
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) throw new NotFoundError(PAYMENT_MESSAGES.notFound, 'payment_not_found');
      this.deps.logger.warn({ err: error }, 'payments: reading a checkout session failed');
      throw new AppError(502, 'payment_check_failed', 'The payment service did not answer. Your payment is safe; please reload this page in a moment.');
    }
    authorize({ id: userId }, 'payment.confirm', { ownerId: session.client_reference_id }, { message: PAYMENT_MESSAGES.notFound, code: 'payment_not_found' });
    const kind = session.metadata?.kind;
    const type = kind === 'donation' ? 'donation' : 'subscription';
    if (!this.paid(session)) return { status: 'pending', type, message: PAYMENT_MESSAGES.pending };
    await this.grantSession(session);
    return { status: 'completed', type, message: PAYMENT_MESSAGES.processed };
  }

  /** Stripe's customer portal, where a member changes or cancels their plan. */
  async portal(userId: string): Promise<{ url: string }> {
    const gateway = this.gateway();
    const member = await this.member(userId);
    if (!member.stripeCustomerId) throw new ConflictError(PAYMENT_MESSAGES.noCustomer, 'no_subscription');
    try {
      return await gateway.createPortalSession(member.stripeCustomerId, `${this.deps.publicUrl}/settings`);
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'payments: opening the customer portal failed');
      throw new AppError(502, 'portal_failed', 'The payment service did not answer. Please try again in a moment.');
    }
  }

  /**
   * A deleted account must not go on being charged: every live subscription of its customer is
   * cancelled at Stripe at once (no refund of the period under way: the member chose to leave, as
   * the terms say). A failure is logged; the next subscription event for it cancels it again.
   */
  async endForDeletedAccount(userId: string): Promise<void> {
    const customer = await this.deps.repository.customerOf(userId);
    if (!customer || !this.deps.gateway) return;
    for (const subscription of await this.deps.gateway.liveSubscriptions(customer)) {
      await this.deps.gateway.cancelSubscription(subscription.id);
      this.deps.logger.info({ userId, subscription: subscription.id }, 'payments: the subscription of a deleted account was cancelled');
    }
  }

  /** A webhook delivery: the signature on the raw body first, then the event, once. */
  async webhook(rawBody: Buffer, signature: string | undefined): Promise<'applied' | 'duplicate' | 'ignored'> {
    const gateway = this.gateway();
    let event: Stripe.Event;
    try {
      if (!signature) throw new Error('no Stripe-Signature header');
      event = gateway.verifyEvent(rawBody, signature);
    } catch (error) {
      throw new AppError(400, 'invalid_signature', `Webhook signature verification failed: ${(error as Error).message}`);
    }
    return this.apply(event);
  }

  /** Applies one verified event. Each event id is claimed in the transaction that applies it. */
  async apply(event: Stripe.Event): Promise<'applied' | 'duplicate' | 'ignored'> {
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object;
        if (!this.paid(session)) return this.claimOnly(event);
        return this.grantSession(session, event);
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return this.syncSubscription(event, event.data.object.id);
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = event.data.object;
        const subscriptionId = invoiceSubscriptionId(invoice);
        if (!subscriptionId || !invoice.id) return this.claimOnly(event);
        return this.syncSubscription(event, subscriptionId, invoice);
      }
      case 'charge.refunded':
        return this.refund(event, event.data.object);
      default:
        return 'ignored';
    }
  }

  /** Event ids older than a week are forgotten: Stripe stops retrying a delivery after three days. */
  pruneEvents(): Promise<void> {
    return this.deps.repository.pruneEvents(new Date(this.deps.clock.now().getTime() - 7 * 86_400_000));
  }

  private paid(session: Stripe.Checkout.Session): boolean {
    return session.status === 'complete' && (session.payment_status === 'paid' || session.payment_status === 'no_payment_required');
  }

  private async claimOnly(event: Stripe.Event): Promise<'ignored' | 'duplicate'> {
    return (await this.deps.repository.transaction((trx) => this.deps.repository.claimEvent(event.id, event.type, trx))) ? 'ignored' : 'duplicate';
  }

  /**
   * A subscription or invoice event: under the member's row lock, the subscription is read from
   * Stripe as it is now (events arrive in any order, and a stale read must not commit after a
   * newer one), a renewal's invoice is recorded, and the membership follows.
   */
  private async syncSubscription(event: Stripe.Event, subscriptionId: string, invoice?: Stripe.Invoice): Promise<'applied' | 'duplicate' | 'ignored'> {
    const { repository } = this.deps;
    const first = await this.gateway().retrieveSubscription(subscriptionId);
    const userId = await this.ownerOf(first);
    if (!userId || !(await repository.userExists(userId))) {
      this.deps.logger.warn({ subscription: subscriptionId, event: event.id }, 'payments: an event for a subscription of no member here was ignored');
      return this.claimOnly(event);
    }
    let orphan: string | null = null;
    const outcome = await repository.transaction(async (trx) => {
      await repository.lockProfile(userId, trx);
      if (!(await repository.claimEvent(event.id, event.type, trx))) return 'duplicate' as const;
      const subscription = await this.gateway().retrieveSubscription(subscriptionId);
      const kind = subscription.metadata?.kind;
      if (invoice && kind && isPlan(kind)) {
        const paid = event.type === 'invoice.paid';
        // The first invoice is the Checkout Session's row; a trial's first invoice is zero.
        const amountCents = paid ? invoice.amount_paid : invoice.amount_due;
        if (invoice.billing_reason !== 'subscription_create' && amountCents > 0) {
          await repository.recordInvoice(
            { userId, kind, amountCents, currency: invoice.currency.toUpperCase(), invoiceId: invoice.id!, paymentIntentId: invoicePaymentIntentId(invoice), status: paid ? 'completed' : 'failed' },
            trx,
          );
        }
      }
      if ((await this.applySubscription(userId, subscription, trx, false)) === 'deleted' && LIVE.has(subscription.status)) orphan = subscription.id;
      return 'applied' as const;
    });
    if (orphan) await this.cancelQuietly(orphan, 'the subscription of a deleted account');
    return outcome;
  }

  /**
   * A full refund: the payment is marked refunded. If it paid for the member's latest period of a
   * plan, premium ends now and the subscription is cancelled at Stripe so it is not charged again;
   * a refund of an older period leaves the current one alone. A partial refund changes nothing.
   */
  private async refund(event: Stripe.Event, charge: Stripe.Charge): Promise<'applied' | 'duplicate' | 'ignored'> {
    const { repository } = this.deps;
    const paymentIntentId = idOf(charge.payment_intent);
    if (!charge.refunded || !paymentIntentId) return this.claimOnly(event);
    // A donation's row names its PaymentIntent; a plan's rows name their invoice, which Stripe finds from the PaymentIntent.
    const invoiceId = (await repository.hasPaymentIntent(paymentIntentId)) ? null : await this.gateway().invoiceOfPaymentIntent(paymentIntentId);
    let cancel: string | null = null;
    const outcome = await repository.transaction(async (trx) => {
      if (!(await repository.claimEvent(event.id, event.type, trx))) return 'duplicate' as const;
      const refunded = await repository.markRefunded({ paymentIntentId, invoiceId }, trx);
      if (!refunded?.userId || !isPlan(refunded.kind)) return 'applied' as const;
      await repository.lockProfile(refunded.userId, trx);
      const member = await repository.member(refunded.userId, trx);
      if (!member || refunded.id !== (await repository.latestPlanPaymentId(refunded.userId, trx))) return 'applied' as const;
      cancel = member.stripeSubscriptionId;
      await repository.setMembership(refunded.userId, this.ended(member, null), trx);
      return 'applied' as const;
    });
    if (cancel) await this.cancelQuietly(cancel, 'a refunded subscription');
    return outcome;
  }

  private async cancelQuietly(subscriptionId: string, what: string): Promise<void> {
    await this.gateway()
      .cancelSubscription(subscriptionId)
      .catch((error: unknown) => this.deps.logger.error({ err: error, subscription: subscriptionId }, `payments: cancelling ${what} failed; cancel it in the Stripe dashboard`));
  }

  /**
   * The once-only grant of a paid Checkout Session, for the webhook (with its event) and the
   * success page alike. True when this call granted it; the confirmation e-mail goes once. Only
   * the grant adopts the session's subscription as the member's: a page reopened later, or a
   * late event, never turns an older plan back into the current one.
   */
  private async grantSession(session: Stripe.Checkout.Session, event?: Stripe.Event): Promise<'applied' | 'duplicate' | 'ignored'> {
    const { repository } = this.deps;
    const userId = session.client_reference_id ?? session.metadata?.userId;
    const kind = session.metadata?.kind;
    if (!userId || (kind !== 'donation' && !(kind && isPlan(kind))) || !(await repository.userExists(userId))) {
      // Not ours (another app on the same Stripe account, a staging copy, a purged account): recorded and left alone, never retried forever.
      this.deps.logger.warn({ session: session.id }, 'payments: a checkout session of no member here was ignored');
      return event ? this.claimOnly(event) : 'ignored';
    }
    const subscriptionId = idOf(session.subscription);
    let orphan: string | null = null;
    const granted: Granted | undefined = await repository.transaction(async (trx) => {
      await repository.lockProfile(userId, trx);
      if (event && !(await repository.claimEvent(event.id, event.type, trx))) return undefined;
      const customerId = idOf(session.customer);
      if (customerId) await repository.setCustomer(userId, customerId, trx);
      const first = await repository.completeSession(
        {
          userId,
          kind: kind as PaymentKind,
          amountCents: session.amount_total ?? 0,
          currency: (session.currency ?? CURRENCY).toUpperCase(),
          sessionId: session.id,
          paymentIntentId: idOf(session.payment_intent),
          invoiceId: idOf(session.invoice),
        },
        trx,
      );
      if (first && subscriptionId) {
        const subscription = await this.gateway().retrieveSubscription(subscriptionId);
        const before = await repository.member(userId, trx);
        const current = before?.stripeSubscriptionId;
        if (current && current !== subscription.id && before.premiumRenews) {
          // Two checkouts paid side by side (two tabs) cannot be prevented by Stripe Checkout; the newer plan wins and the operator is told.
          this.deps.logger.error({ userId, kept: subscription.id, previous: current }, 'payments: a member paid a second plan while one was current; check both in Stripe and refund or cancel one');
        }
        if ((await this.applySubscription(userId, subscription, trx, true)) === 'deleted' && LIVE.has(subscription.status)) orphan = subscription.id;
      }
      return first ? { userId, kind: kind as PaymentKind, amountCents: session.amount_total ?? 0, currency: session.currency ?? CURRENCY } : undefined;
    });
    if (orphan) await this.cancelQuietly(orphan, 'the subscription of a deleted account');
    if (granted) await this.sendConfirmation(granted);
    return granted ? 'applied' : 'duplicate';
  }

  /** Who a subscription belongs to: its metadata, else the member with its id or customer. */
  private async ownerOf(subscription: Stripe.Subscription): Promise<string | undefined> {
    const fromMetadata = subscription.metadata?.userId;
    if (fromMetadata) return fromMetadata;
    return this.deps.repository.memberIdByStripe({ subscriptionId: subscription.id, customerId: idOf(subscription.customer) });
  }

  /**
   * The membership a subscription gives: active or trialing runs to the end of the paid period
   * (never shortening an early-user gift); past due (a failed renewal) ends premium now but keeps
   * the subscription, so the member can fix their card and a successful retry brings it back;
   * anything else ends it, back to the gift if that still runs. Only the member's current
   * subscription moves the membership, unless `adopt` (a first grant) makes this one current.
   */
  private async applySubscription(userId: string, subscription: Stripe.Subscription, trx: Transaction<DB>, adopt: boolean): Promise<'applied' | 'skipped' | 'deleted'> {
    const member = await this.deps.repository.member(userId, trx);
    if (!member) return 'deleted';
    const current = member.stripeSubscriptionId;
    if (!adopt && current !== null && current !== subscription.id) return 'skipped';
    const kind = subscription.metadata?.kind;
    if (ACTIVE.has(subscription.status)) {
      const periodEnd = subscriptionPeriodEnd(subscription);
      const giftEnd = this.giftEnd(member);
      const end = giftEnd && giftEnd > periodEnd ? giftEnd : periodEnd;
      await this.deps.repository.setMembership(
        userId,
        {
          isVip: true,
          vipExpiresAt: end,
          premiumType: 'paid',
          premiumPlan: kind && isPlan(kind) ? kind : member.premiumPlan,
          premiumRenews: !subscription.cancel_at_period_end && !subscription.cancel_at,
          stripeSubscriptionId: subscription.id,
        },
        trx,
      );
      return 'applied';
    }
    await this.deps.repository.setMembership(userId, this.ended(member, LIVE.has(subscription.status) ? subscription.id : null), trx);
    return 'applied';
  }

  private giftEnd(member: PayingMember): Date | null {
    if (!member.earlyUserGiftAt) return null;
    const end = addMonths(member.earlyUserGiftAt, EARLY_USER_MONTHS);
    return end > this.deps.clock.now() ? end : null;
  }

  /** Premium as it is once the paid plan is over: the early-user gift if it still runs, else none from now. */
  private ended(member: PayingMember, keepSubscription: string | null): Membership {
    const giftEnd = this.giftEnd(member);
    if (giftEnd) return { isVip: true, vipExpiresAt: giftEnd, premiumType: 'early_user', premiumPlan: null, premiumRenews: false, stripeSubscriptionId: keepSubscription };
    const now = this.deps.clock.now();
    const end = member.vipExpiresAt && member.vipExpiresAt < now ? member.vipExpiresAt : now;
    return { isVip: false, vipExpiresAt: end, premiumType: null, premiumPlan: null, premiumRenews: false, stripeSubscriptionId: keepSubscription };
  }

  private async sendConfirmation(granted: Granted): Promise<void> {
    try {
      const member = await this.deps.repository.member(granted.userId);
      if (!member) return;
      const premiumUntil = granted.kind === 'donation' || !member.vipExpiresAt ? null : member.vipExpiresAt.toISOString().slice(0, 10);
      await this.deps.mailer.send(
        paymentConfirmationMail(
          member.email,
          { kind: granted.kind, amount: dollars(granted.kind === 'donation' ? granted.amountCents : PLANS[granted.kind].amountCents, granted.currency), premiumUntil, renews: member.premiumRenews, startsLater: granted.kind !== 'donation' && granted.amountCents === 0 },
          `${this.deps.publicUrl}/settings`,
          this.deps.productName,
        ),
      );
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'payments: the confirmation e-mail was not sent');
    }
  }
}

/** The paid period's end: on the subscription item since Stripe's 2025 API, on the subscription before. */
export function subscriptionPeriodEnd(subscription: Stripe.Subscription): Date {
  const item = subscription.items?.data?.[0] as { current_period_end?: number } | undefined;
  const legacy = (subscription as unknown as { current_period_end?: number }).current_period_end;
  const seconds = item?.current_period_end ?? legacy ?? subscription.trial_end ?? Math.floor(Date.now() / 1000);
  return fromUnix(seconds);
}

function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const current = invoice.parent?.subscription_details?.subscription;
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  return idOf(current ?? legacy);
}

function invoicePaymentIntentId(invoice: Stripe.Invoice): string | null {
  const legacy = (invoice as unknown as { payment_intent?: string | { id: string } | null }).payment_intent;
  const first = invoice.payments?.data?.[0]?.payment as { payment_intent?: string | { id: string } } | undefined;
  return idOf(legacy ?? first?.payment_intent ?? null);
}

