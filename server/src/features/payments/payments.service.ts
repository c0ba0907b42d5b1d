import type { Transaction } from 'kysely';
import type { Logger } from 'pino';
import type Stripe from 'stripe';

import type { Clock } from '../../clock.js';
import type { DB } from '../../db/schema.js';
import { AppError, ConflictError, NotFoundError, ServiceUnavailableError } from '../../errors.js';
import type { Mailer } from '../../mail/mailer.js';
import { paymentConfirmationMail } from '../../mail/templates.js';
import { addMonths, EARLY_USER_MONTHS } from '../subscription/subscription.service.js';
import { vipActive } from '../subscription/vip.js';
import type { Membership, PayingMember, PaymentsRepository } from './payments.repository.js';
import { CURRENCY, isPlan, type PaymentKind, PLANS, type PlanId } from './plans.js';
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
} as const;

/** Stripe asks for a trial to end at least two days ahead; a membership ending sooner is simply overlapped. */
const MIN_TRIAL_MS = 48 * 3_600_000;
const ACTIVE = new Set<Stripe.Subscription.Status>(['active', 'trialing']);

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

  /** A Stripe Checkout Session for a plan or a donation; the amount is always the catalogue's (or the checked donation). */
  async checkout(userId: string, input: CheckoutInput): Promise<{ url: string }> {
    const gateway = this.gateway();
    const member = await this.member(userId);
    const now = this.deps.clock.now();
    const { publicUrl, productName } = this.deps;
    const metadata = { userId, kind: input.plan };
    const type = isPlan(input.plan) ? 'subscription' : 'donation';
    const common = {
      client_reference_id: userId,
      metadata,
      success_url: `${publicUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}&type=${type}`,
      cancel_url: `${publicUrl}/settings`,
      ...(member.stripeCustomerId ? { customer: member.stripeCustomerId } : { customer_email: member.email }),
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
        ...(member.stripeCustomerId ? {} : { customer_creation: 'always' as const }),
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
    if (session.client_reference_id !== userId) throw new NotFoundError(PAYMENT_MESSAGES.notFound, 'payment_not_found');
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
   * A deleted account must not go on being charged: its subscription is cancelled at Stripe at
   * once (no refund of the period under way; the member chose to leave, and the terms say so).
   */
  async endForDeletedAccount(userId: string): Promise<void> {
    const subscriptionId = await this.deps.repository.subscriptionOf(userId);
    if (!subscriptionId || !this.deps.gateway) return;
    await this.deps.gateway.cancelSubscription(subscriptionId);
    this.deps.logger.info({ userId, subscription: subscriptionId }, 'payments: the subscription of a deleted account was cancelled');
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
    const { repository } = this.deps;
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object;
        if (!this.paid(session)) return this.claimOnly(event);
        return (await this.grantSession(session, event)) ? 'applied' : 'duplicate';
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        // Read the subscription as it is now: Stripe does not promise the order of events.
        const subscription = await this.gateway().retrieveSubscription(event.data.object.id);
        const userId = await this.ownerOf(subscription);
        if (!userId) return this.claimOnly(event);
        return this.once(event, async (trx) => {
          await this.applySubscription(userId, subscription, trx);
        });
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = event.data.object;
        const subscriptionId = invoiceSubscriptionId(invoice);
        if (!subscriptionId || !invoice.id) return this.claimOnly(event);
        const subscription = await this.gateway().retrieveSubscription(subscriptionId);
        const userId = await this.ownerOf(subscription);
        const kind = subscription.metadata?.kind;
        if (!userId || !kind || !isPlan(kind)) return this.claimOnly(event);
        const paid = event.type === 'invoice.paid';
        return this.once(event, async (trx) => {
          // The first invoice is the Checkout Session's row; a trial's first invoice is zero.
          const amountCents = paid ? invoice.amount_paid : invoice.amount_due;
          if (invoice.billing_reason !== 'subscription_create' && amountCents > 0) {
            await repository.recordInvoice(
              { userId, kind, amountCents, currency: invoice.currency.toUpperCase(), invoiceId: invoice.id!, paymentIntentId: invoicePaymentIntentId(invoice), status: paid ? 'completed' : 'failed' },
              trx,
            );
          }
          await this.applySubscription(userId, subscription, trx);
        });
      }
      case 'charge.refunded': {
        const charge = event.data.object;
        const paymentIntentId = idOf(charge.payment_intent);
        // A partial refund leaves the purchase standing.
        if (!charge.refunded || !paymentIntentId) return this.claimOnly(event);
        let cancel: string | null = null;
        const result = await this.once(event, async (trx) => {
          const refunded = await repository.markRefunded(paymentIntentId, trx);
          if (!refunded?.userId || !isPlan(refunded.kind)) return;
          const member = await repository.member(refunded.userId, trx);
          if (!member) return;
          cancel = member.stripeSubscriptionId;
          await repository.setMembership(refunded.userId, this.ended(member), trx);
        });
        // A refunded plan is over now: stop Stripe charging it again. Its deletion event then finds the membership already ended.
        if (cancel) await this.gateway().cancelSubscription(cancel).catch((error: unknown) => this.deps.logger.error({ err: error, subscription: cancel }, 'payments: cancelling a refunded subscription failed; cancel it in the Stripe dashboard'));
        return result;
      }
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

  private async once(event: Stripe.Event, run: (trx: Transaction<DB>) => Promise<void>): Promise<'applied' | 'duplicate'> {
    return this.deps.repository.transaction(async (trx) => {
      if (!(await this.deps.repository.claimEvent(event.id, event.type, trx))) return 'duplicate';
      await run(trx);
      return 'applied';
    });
  }

  /**
   * The once-only grant of a paid Checkout Session, for the webhook (with its event) and the
   * success page alike. True when this call granted it; the confirmation e-mail goes once.
   */
  private async grantSession(session: Stripe.Checkout.Session, event?: Stripe.Event): Promise<boolean> {
    const { repository } = this.deps;
    const userId = session.client_reference_id ?? session.metadata?.userId;
    const kind = session.metadata?.kind;
    if (!userId || (kind !== 'donation' && !(kind && isPlan(kind)))) {
      this.deps.logger.warn({ session: session.id }, 'payments: a checkout session without Kindred metadata was ignored');
      if (event) await this.claimOnly(event);
      return false;
    }
    const subscriptionId = idOf(session.subscription);
    const subscription = subscriptionId ? await this.gateway().retrieveSubscription(subscriptionId) : undefined;
    const granted: Granted | undefined = await repository.transaction(async (trx) => {
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
      if (subscription) await this.applySubscription(userId, subscription, trx);
      return first ? { userId, kind: kind as PaymentKind, amountCents: session.amount_total ?? 0, currency: session.currency ?? CURRENCY } : undefined;
    });
    if (granted) await this.sendConfirmation(granted);
    return granted !== undefined;
  }

  /** Who a subscription belongs to: its metadata, else the member with its id or customer. */
  private async ownerOf(subscription: Stripe.Subscription): Promise<string | undefined> {
    const fromMetadata = subscription.metadata?.userId;
    if (fromMetadata) return fromMetadata;
    return this.deps.repository.memberIdByStripe({ subscriptionId: subscription.id, customerId: idOf(subscription.customer) });
  }

  /**
   * The membership a subscription gives, whatever event brought it: active or trialing runs to
   * the end of the paid period (never shortening an early-user gift); anything else ends it now,
   * back to the gift if that still runs. An old subscription ending never touches a newer one.
   */
  private async applySubscription(userId: string, subscription: Stripe.Subscription, trx: Transaction<DB>): Promise<void> {
    const member = await this.deps.repository.member(userId, trx);
    if (!member) return;
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
      return;
    }
    if (member.stripeSubscriptionId && member.stripeSubscriptionId !== subscription.id) return;
    await this.deps.repository.setMembership(userId, this.ended(member), trx);
  }

  private giftEnd(member: PayingMember): Date | null {
    if (!member.earlyUserGiftAt) return null;
    const end = addMonths(member.earlyUserGiftAt, EARLY_USER_MONTHS);
    return end > this.deps.clock.now() ? end : null;
  }

  /** Premium as it is once the paid plan is over: the early-user gift if it still runs, else none from now. */
  private ended(member: PayingMember): Membership {
    const giftEnd = this.giftEnd(member);
    if (giftEnd) return { isVip: true, vipExpiresAt: giftEnd, premiumType: 'early_user', premiumPlan: null, premiumRenews: false, stripeSubscriptionId: null };
    const now = this.deps.clock.now();
    const end = member.vipExpiresAt && member.vipExpiresAt < now ? member.vipExpiresAt : now;
    return { isVip: false, vipExpiresAt: end, premiumType: null, premiumPlan: null, premiumRenews: false, stripeSubscriptionId: null };
  }

  private async sendConfirmation(granted: Granted): Promise<void> {
    try {
      const member = await this.deps.repository.member(granted.userId);
      if (!member) return;
      const premiumUntil = granted.kind === 'donation' || !member.vipExpiresAt ? null : member.vipExpiresAt.toISOString().slice(0, 10);
      await this.deps.mailer.send(
        paymentConfirmationMail(member.email, { kind: granted.kind, amount: dollars(granted.amountCents, granted.currency), premiumUntil, renews: member.premiumRenews }, `${this.deps.publicUrl}/settings`, this.deps.productName),
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

export type { PlanId };
