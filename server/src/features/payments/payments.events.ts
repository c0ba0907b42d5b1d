import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type Stripe from 'stripe';

import type { Clock } from '../../clock.js';
import { type AfterCommit, transaction } from '../../db/transaction.js';
import type { DB } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Mailer } from '../../mail/mailer.js';
import { paymentConfirmationMail } from '../../mail/templates.js';
import { ended, followSubscription, readSubscription, sessionPaid, type SubscriptionOutcome, type SubscriptionRead, supersededPlan } from './membership-rules.js';
import type { PaymentsRepository } from './payments.repository.js';
import { CURRENCY, isPlan, type PaymentKind, PLANS } from './plans.js';
import { requireGateway, type StripeGateway } from './stripe-gateway.js';

export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

interface Granted {
  userId: string;
  kind: PaymentKind;
  amountCents: number;
  currency: string;
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (value == null ? null : typeof value === 'string' ? value : value.id);

/**
 * What Stripe tells Kindred (spec part 2 §4, §7): webhook events, and the once-only grant of a
 * paid Checkout Session that the success page shares. Stripe is the record of what was paid.
 *
 * The order of every step is the same: Stripe is read first, outside any transaction; the
 * transaction, under the member's row lock, only applies what was read; calls back to Stripe
 * (cancelling) and the confirmation e-mail run after the commit. Reads of one subscription may
 * therefore commit in any order: each takes a ticket before it reads, the freshest read is kept
 * (`stripe_subscriptions`), and the membership always follows the freshest read.
 */
export class PaymentsEvents {
  constructor(
    private readonly deps: {
      db: Kysely<DB>;
      repository: PaymentsRepository;
      /** Undefined without STRIPE_SECRET_KEY: every call says payments are not configured. */
      gateway: StripeGateway | undefined;
      clock: Clock;
      mailer: Mailer;
      logger: Logger;
      publicUrl: string;
      productName: string;
    },
  ) {}

  private gateway(): StripeGateway {
    return requireGateway(this.deps.gateway);
  }

  /** A webhook delivery: the signature on the raw body first, then the event, once. */
  async webhook(rawBody: Buffer, signature: string | undefined): Promise<EventOutcome> {
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
  async apply(event: Stripe.Event): Promise<EventOutcome> {
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object;
        if (!sessionPaid(session)) return this.claimOnly(event);
        return this.grant(session, event);
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

  /**
   * Housekeeping. Event ids older than a week are forgotten: Stripe stops retrying a delivery
   * after three days. So are subscription reads a week old: any read still under way is newer.
   */
  async pruneEvents(): Promise<void> {
    const weekAgo = new Date(this.deps.clock.now().getTime() - 7 * 86_400_000);
    await this.deps.repository.pruneEvents(weekAgo);
    await this.deps.repository.pruneReads(weekAgo);
  }

  /**
   * The once-only grant of a paid Checkout Session, for the webhook (with its event) and the
   * success page alike; the confirmation e-mail goes once, after the commit. Only the grant adopts
   * the session's subscription as the member's: a page reopened later, or a late event, never
   * turns an older plan back into the current one.
   */
  async grant(session: Stripe.Checkout.Session, event?: Stripe.Event): Promise<EventOutcome> {
    const { repository } = this.deps;
    const userId = session.client_reference_id ?? session.metadata?.userId;
    const kind = session.metadata?.kind;
    if (!userId || (kind !== 'donation' && !(kind && isPlan(kind))) || !(await repository.userExists(userId))) {
      // Not ours (another app on the same Stripe account, a staging copy, a purged account): recorded and left alone, never retried forever.
      this.deps.logger.warn({ session: session.id }, 'payments: a checkout session of no member here was ignored');
      return event ? this.claimOnly(event) : 'ignored';
    }
    const subscriptionId = idOf(session.subscription);
    // Read before the transaction, and only while the session can still be granted (a settled
    // session never is again, so its reloaded success page does not ask Stripe twice).
    const read = subscriptionId && !(await repository.sessionSettled(session.id)) ? await this.readFromStripe(subscriptionId) : undefined;
    const granted = await transaction(this.deps.db, async (trx, afterCommit): Promise<Granted | undefined> => {
      await repository.lockProfile(trx, userId);
      if (event && !(await repository.claimEvent(trx, event.id, event.type))) return undefined;
      const customerId = idOf(session.customer);
      if (customerId) await repository.setCustomer(trx, userId, customerId);
      const first = await repository.completeSession(trx, {
          userId,
          kind: kind as PaymentKind,
          amountCents: session.amount_total ?? 0,
          currency: (session.currency ?? CURRENCY).toUpperCase(),
          sessionId: session.id,
          paymentIntentId: idOf(session.payment_intent),
          invoiceId: idOf(session.invoice),
      });
      if (!first) return undefined;
      if (subscriptionId) {
        // A session settled before our check cannot be granted here, so a first grant always has its read.
        if (!read) throw new Error(`payments: the subscription of session ${session.id} was not read before its grant`);
        const subscription = await repository.storeRead(trx, read.subscription, read.ticket);
        const before = await repository.member(trx, userId);
        const previous = supersededPlan(before, subscription.id);
        if (previous) {
          // Two checkouts paid side by side (two tabs) cannot be prevented by Stripe Checkout; the newer plan wins and the operator is told.
          this.deps.logger.error({ userId, kept: subscription.id, previous }, 'payments: a member paid a second plan while one was current; check both in Stripe and refund or cancel one');
        }
        await this.follow(trx, afterCommit, userId, followSubscription(before, subscription, { adopt: true, now: this.deps.clock.now() }), subscription.id);
      }
      const done: Granted = { userId, kind: kind as PaymentKind, amountCents: session.amount_total ?? 0, currency: session.currency ?? CURRENCY };
      afterCommit(() => this.sendConfirmation(done));
      return done;
    });
    return granted ? 'applied' : 'duplicate';
  }

  private async claimOnly(event: Stripe.Event): Promise<'ignored' | 'duplicate'> {
    return (await transaction(this.deps.db, (trx) => this.deps.repository.claimEvent(trx, event.id, event.type))) ? 'ignored' : 'duplicate';
  }

  /** A subscription as Stripe has it now, with the ticket taken just before asking. Never called inside a transaction. */
  private async readFromStripe(subscriptionId: string): Promise<{ ticket: number; subscription: SubscriptionRead; raw: Stripe.Subscription }> {
    const ticket = await this.deps.repository.readTicket();
    const raw = await this.gateway().retrieveSubscription(subscriptionId);
    return { ticket, subscription: readSubscription(raw, this.deps.clock.now()), raw };
  }

  /**
   * A subscription or invoice event: the subscription is read from Stripe first; then, under the
   * member's row lock, a renewal's invoice is recorded and the membership follows the freshest
   * read of the subscription there is (events arrive in any order, and a stale read must not win
   * over a newer one).
   */
  private async syncSubscription(event: Stripe.Event, subscriptionId: string, invoice?: Stripe.Invoice): Promise<EventOutcome> {
    const { repository } = this.deps;
    const read = await this.readFromStripe(subscriptionId);
    const userId = await this.ownerOf(read.raw);
    if (!userId || !(await repository.userExists(userId))) {
      this.deps.logger.warn({ subscription: subscriptionId, event: event.id }, 'payments: an event for a subscription of no member here was ignored');
      return this.claimOnly(event);
    }
    return transaction(this.deps.db, async (trx, afterCommit) => {
      await repository.lockProfile(trx, userId);
      if (!(await repository.claimEvent(trx, event.id, event.type))) return 'duplicate' as const;
      const subscription = await repository.storeRead(trx, read.subscription, read.ticket);
      if (invoice && subscription.plan) {
        const paid = event.type === 'invoice.paid';
        // The first invoice is the Checkout Session's row; a trial's first invoice is zero.
        const amountCents = paid ? invoice.amount_paid : invoice.amount_due;
        if (invoice.billing_reason !== 'subscription_create' && amountCents > 0) {
          await repository.recordInvoice(trx, { userId, kind: subscription.plan, amountCents, currency: invoice.currency.toUpperCase(), invoiceId: invoice.id!, paymentIntentId: invoicePaymentIntentId(invoice), status: paid ? 'completed' : 'failed' });
        }
      }
      const member = await repository.member(trx, userId);
      await this.follow(trx, afterCommit, userId, followSubscription(member, subscription, { adopt: false, now: this.deps.clock.now() }), subscription.id);
      return 'applied' as const;
    });
  }

  /** Carries out what a subscription does to the membership, inside the caller's transaction. */
  private async follow(trx: Transaction<DB>, afterCommit: AfterCommit, userId: string, outcome: SubscriptionOutcome, subscriptionId: string): Promise<void> {
    if (outcome.kind === 'membership') await this.deps.repository.setMembership(trx, userId, outcome.membership);
    if (outcome.kind === 'deleted_account' && outcome.cancel) afterCommit(() => this.cancelQuietly(subscriptionId, 'the subscription of a deleted account'));
  }

  /**
   * A full refund: the payment is marked refunded. If it paid for the member's latest period of a
   * plan, premium ends now and the subscription is cancelled at Stripe (after the commit) so it is
   * not charged again; a refund of an older period leaves the current one alone. A partial refund
   * changes nothing.
   */
  private async refund(event: Stripe.Event, charge: Stripe.Charge): Promise<EventOutcome> {
    const { repository } = this.deps;
    const paymentIntentId = idOf(charge.payment_intent);
    if (!charge.refunded || !paymentIntentId) return this.claimOnly(event);
    // A donation's row names its PaymentIntent; a plan's rows name their invoice, which Stripe finds from the PaymentIntent.
    const invoiceId = (await repository.hasPaymentIntent(paymentIntentId)) ? null : await this.gateway().invoiceOfPaymentIntent(paymentIntentId);
    return transaction(this.deps.db, async (trx, afterCommit) => {
      if (!(await repository.claimEvent(trx, event.id, event.type))) return 'duplicate' as const;
      const refunded = await repository.markRefunded(trx, { paymentIntentId, invoiceId });
      if (!refunded?.userId || !isPlan(refunded.kind)) return 'applied' as const;
      await repository.lockProfile(trx, refunded.userId);
      const member = await repository.member(trx, refunded.userId);
      if (!member || refunded.id !== (await repository.latestPlanPaymentId(trx, refunded.userId))) return 'applied' as const;
      await repository.setMembership(trx, refunded.userId, ended(member, null, this.deps.clock.now()));
      const cancel = member.stripeSubscriptionId;
      if (cancel) afterCommit(() => this.cancelQuietly(cancel, 'a refunded subscription'));
      return 'applied' as const;
    });
  }

  private async cancelQuietly(subscriptionId: string, what: string): Promise<void> {
    await this.gateway()
      .cancelSubscription(subscriptionId)
      .catch((error: unknown) => this.deps.logger.error({ err: error, subscription: subscriptionId }, `payments: cancelling ${what} failed; cancel it in the Stripe dashboard`));
  }

  /** Who a subscription belongs to: its metadata, else the member with its id or customer. */
  private async ownerOf(subscription: Stripe.Subscription): Promise<string | undefined> {
    const fromMetadata = subscription.metadata?.userId;
    if (fromMetadata) return fromMetadata;
    return this.deps.repository.memberIdByStripe({ subscriptionId: subscription.id, customerId: idOf(subscription.customer) });
  }

  private async sendConfirmation(granted: Granted): Promise<void> {
    try {
      const member = await this.deps.repository.member(this.deps.db, granted.userId);
      if (!member) return;
      const premiumUntil = granted.kind === 'donation' || !member.vipExpiresAt ? null : member.vipExpiresAt;
      await this.deps.mailer.send(
        paymentConfirmationMail(
          member.email,
          { kind: granted.kind, amountCents: granted.kind === 'donation' ? granted.amountCents : PLANS[granted.kind].amountCents, currency: granted.currency, premiumUntil, renews: member.premiumRenews, startsLater: granted.kind !== 'donation' && granted.amountCents === 0 },
          `${this.deps.publicUrl}/settings`,
          this.deps.productName,
          member.language,
        ),
      );
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'payments: the confirmation e-mail was not sent');
    }
  }
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
