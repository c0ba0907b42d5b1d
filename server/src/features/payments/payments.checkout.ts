import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type Stripe from 'stripe';

import type { PaymentConfirmation } from '../../../../contract/payments.js';
import type { Clock } from '../../clock.js';
import type { DB } from '../../db/schema.js';
import { AppError, ConflictError, NotFoundError } from '../../errors.js';
import { liveSubscriptionRefusal, planRefusal, sessionPaid, trialEnd } from './membership-rules.js';
import type { PaymentsEvents } from './payments.events.js';
import type { PayingMember, PaymentsRepository } from './payments.repository.js';
import { PAYMENT_MESSAGES } from './payments.schema.js';
import { CURRENCY, isPlan, type PaymentKind, PLANS } from './plans.js';
import { requireGateway, type StripeGateway } from './stripe-gateway.js';
import { authorize } from '../../policies/index.js';

export interface CheckoutInput {
  plan: PaymentKind;
  /** A donation's amount in cents (checked by the schema); plans ignore it. */
  amountCents?: number;
}

export type ConfirmResult = PaymentConfirmation;

/**
 * What a member does with payments (spec part 2 §4, §7): Checkout Sessions from the catalogue,
 * the success page's confirmation (granted through the same once-only path as the webhook, in
 * PaymentsEvents), Stripe's customer portal, and stopping the plan of an account that is deleted.
 * Stripe is the record of what was paid; Kindred only ever asks it. No Stripe call here runs
 * inside a database transaction.
 */
export class PaymentsCheckout {
  constructor(
    private readonly deps: {
      db: Kysely<DB>;
      repository: PaymentsRepository;
      /** Undefined without STRIPE_SECRET_KEY: every payment call says payments are not configured. */
      gateway: StripeGateway | undefined;
      /** The once-only grant the success page shares with the webhook. */
      events: PaymentsEvents;
      clock: Clock;
      logger: Logger;
      publicUrl: string;
      productName: string;
    },
  ) {}

  get configured(): boolean {
    return this.deps.gateway !== undefined;
  }

  private gateway(): StripeGateway {
    return requireGateway(this.deps.gateway);
  }

  private async member(userId: string): Promise<PayingMember> {
    const member = await this.deps.repository.member(this.deps.db, userId);
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
    await this.deps.repository.setCustomer(this.deps.db, member.userId, made);
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
      const refusal = liveSubscriptionRefusal(live);
      if (refusal === 'renewal_failed') throw new ConflictError(PAYMENT_MESSAGES.pastDue, 'renewal_failed');
      if (refusal === 'already_subscribed') throw new ConflictError(PAYMENT_MESSAGES.alreadySubscribed, 'already_subscribed');
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
      const refusal = planRefusal(member, now);
      if (refusal === 'premium_without_end') throw new ConflictError(PAYMENT_MESSAGES.lifetime, 'premium_without_end');
      if (refusal === 'already_subscribed') throw new ConflictError(PAYMENT_MESSAGES.alreadySubscribed, 'already_subscribed');
      // Spec: a new subscription begins when the current membership ends. Until then it is a
      // trial: nothing is charged before the gift or the cancelled plan runs out.
      const trial = trialEnd(member, now);
      amountCents = plan.amountCents;
      params = {
        ...common,
        mode: 'subscription',
        line_items: [{ quantity: 1, price_data: { currency: CURRENCY, unit_amount: plan.amountCents, recurring: { interval: plan.interval }, product_data: { name: `${productName} ${plan.name}` } } }],
        subscription_data: { metadata, ...(trial ? { trial_end: trial } : {}) },
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
    if (!sessionPaid(session)) return { status: 'pending', type, message: PAYMENT_MESSAGES.pending };
    await this.deps.events.grant(session);
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
   * the terms say). Called after the deletion committed. A failure is logged by the caller; the
   * next subscription event for it cancels it again.
   */
  async endForDeletedAccount(userId: string): Promise<void> {
    const customer = await this.deps.repository.customerOf(userId);
    if (!customer || !this.deps.gateway) return;
    for (const subscription of await this.deps.gateway.liveSubscriptions(customer)) {
      await this.deps.gateway.cancelSubscription(subscription.id);
      this.deps.logger.info({ userId, subscription: subscription.id }, 'payments: the subscription of a deleted account was cancelled');
    }
  }
}
