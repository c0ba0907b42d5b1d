import { type Kysely, sql, type Transaction } from 'kysely';

import type { Executor } from '../../db/transaction.js';
import type { DB, PaymentStatus } from '../../db/schema.js';
import type { Language } from '../../i18n/languages.js';
import type { MemberState, Membership, SubscriptionRead } from './membership-rules.js';
import type { PaymentKind, PlanId } from './plans.js';


export interface PayingMember extends MemberState {
  userId: string;
  email: string;
  /** The member's language: the receipt is written in it. */
  language: Language;
  stripeCustomerId: string | null;
}

export interface CompletedPayment {
  userId: string;
  kind: PaymentKind;
  amountCents: number;
  currency: string;
  sessionId: string;
  paymentIntentId: string | null;
  invoiceId: string | null;
}

/** Payments, webhook events and the membership columns of profiles. */
export class PaymentsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * A ticket taken just before reading a subscription from Stripe: a later call gets a higher
   * number, on every connection and replica (a Postgres sequence is not rolled back or reused).
   */
  async readTicket(): Promise<number> {
    const { rows } = await sql<{ ticket: number }>`SELECT nextval('stripe_read_ticket_seq') AS ticket`.execute(this.db);
    return rows[0]!.ticket;
  }

  /**
   * Keeps a subscription's read unless a read with a higher ticket is already kept, and returns
   * the read kept: the freshest one there is, which is what the membership follows.
   */
  async storeRead(trx: Transaction<DB>, read: SubscriptionRead, ticket: number): Promise<SubscriptionRead> {
    await trx
      .insertInto('stripe_subscriptions')
      .values({ id: read.id, status: read.status, plan: read.plan, period_end: read.periodEnd, renews: read.renews, read_ticket: ticket })
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet({
            status: (eb) => eb.ref('excluded.status'),
            plan: (eb) => eb.ref('excluded.plan'),
            period_end: (eb) => eb.ref('excluded.period_end'),
            renews: (eb) => eb.ref('excluded.renews'),
            read_ticket: (eb) => eb.ref('excluded.read_ticket'),
            read_at: sql`now()`,
          })
          .where(sql<boolean>`stripe_subscriptions.read_ticket < excluded.read_ticket`),
      )
      .execute();
    const row = await trx.selectFrom('stripe_subscriptions').select(['id', 'status', 'plan', 'period_end', 'renews']).where('id', '=', read.id).executeTakeFirstOrThrow();
    return { id: row.id, status: row.status, plan: row.plan, periodEnd: row.period_end, renews: row.renews };
  }

  /** Reads kept longer than any read can take are forgotten; a later event reads the subscription again. */
  async pruneReads(before: Date): Promise<void> {
    await this.db.deleteFrom('stripe_subscriptions').where('read_at', '<', before).execute();
  }

  /** Whether a Checkout Session's row is past pending (granted, or since refunded): it is never granted again. */
  async sessionSettled(sessionId: string): Promise<boolean> {
    const row = await this.db.selectFrom('payments').select('id').where('stripe_session_id', '=', sessionId).where('status', '!=', 'pending').executeTakeFirst();
    return row !== undefined;
  }

  /** A live member with a profile; undefined for a deleted account. */
  async member(db: Executor, userId: string): Promise<PayingMember | undefined> {
    const row = await db
      .selectFrom('users')
      .innerJoin('profiles', 'profiles.user_id', 'users.id')
      .select([
        'users.id',
        'users.email',
        'users.language',
        'profiles.is_vip',
        'profiles.vip_expires_at',
        'profiles.premium_type',
        'profiles.early_user_gift_at',
        'profiles.stripe_customer_id',
        'profiles.stripe_subscription_id',
        'profiles.premium_plan',
        'profiles.premium_renews',
      ])
      .where('users.id', '=', userId)
      .where('users.deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      userId: row.id,
      email: row.email,
      language: row.language,
      isVip: row.is_vip,
      vipExpiresAt: row.vip_expires_at,
      premiumType: row.premium_type,
      earlyUserGiftAt: row.early_user_gift_at,
      stripeCustomerId: row.stripe_customer_id,
      stripeSubscriptionId: row.stripe_subscription_id,
      premiumPlan: row.premium_plan,
      premiumRenews: row.premium_renews,
    };
  }

  /** The member a Stripe subscription or customer belongs to (webhooks name only those). */
  async memberIdByStripe(ids: { subscriptionId?: string | null; customerId?: string | null }): Promise<string | undefined> {
    if (ids.subscriptionId) {
      const row = await this.db.selectFrom('profiles').select('user_id').where('stripe_subscription_id', '=', ids.subscriptionId).executeTakeFirst();
      if (row) return row.user_id;
    }
    if (ids.customerId) {
      const row = await this.db.selectFrom('profiles').select('user_id').where('stripe_customer_id', '=', ids.customerId).executeTakeFirst();
      if (row) return row.user_id;
    }
    return undefined;
  }

  /** The Stripe customer of an account, deleted or not. */
  async customerOf(userId: string): Promise<string | null> {
    const row = await this.db.selectFrom('profiles').select('stripe_customer_id').where('user_id', '=', userId).executeTakeFirst();
    return row?.stripe_customer_id ?? null;
  }

  /** Whether the account exists here at all (deleted or not): payment rows may only name real users. */
  async userExists(userId: string): Promise<boolean> {
    if (!/^[0-9a-f-]{36}$/i.test(userId)) return false;
    return (await this.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;
  }

  /** Serializes everything that changes one member's membership (webhooks and the success page). */
  async lockProfile(trx: Transaction<DB>, userId: string): Promise<void> {
    await trx.selectFrom('profiles').select('id').where('user_id', '=', userId).forUpdate().execute();
  }

  async hasPaymentIntent(paymentIntentId: string): Promise<boolean> {
    return (await this.db.selectFrom('payments').select('id').where('stripe_payment_intent_id', '=', paymentIntentId).executeTakeFirst()) !== undefined;
  }

  /** The member's newest plan payment that was paid (or since refunded): the one a refund of the current period names. */
  async latestPlanPaymentId(trx: Transaction<DB>, userId: string): Promise<string | undefined> {
    const row = await trx
      .selectFrom('payments')
      .select('id')
      .where('user_id', '=', userId)
      .where('payment_type', 'in', ['monthly', 'yearly'])
      .where('status', 'in', ['completed', 'refunded'])
      .where('amount_cents', '>', 0)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.id;
  }

  async setCustomer(db: Executor, userId: string, customerId: string): Promise<void> {
    await db.updateTable('profiles').set({ stripe_customer_id: customerId }).where('user_id', '=', userId).where('stripe_customer_id', 'is', null).execute();
  }

  async setMembership(trx: Transaction<DB>, userId: string, membership: Membership): Promise<void> {
    await trx
      .updateTable('profiles')
      .set({
        is_vip: membership.isVip,
        vip_expires_at: membership.vipExpiresAt,
        premium_type: membership.premiumType,
        premium_plan: membership.premiumPlan,
        premium_renews: membership.premiumRenews,
        stripe_subscription_id: membership.stripeSubscriptionId,
      })
      .where('user_id', '=', userId)
      .execute();
  }

  /** The row a checkout starts as: pending until Stripe says it was paid. */
  async insertPending(payment: { userId: string; kind: PaymentKind; amountCents: number; currency: string; sessionId: string }): Promise<void> {
    await this.db
      .insertInto('payments')
      .values({ user_id: payment.userId, payment_type: payment.kind, amount_cents: payment.amountCents, currency: payment.currency, status: 'pending', stripe_session_id: payment.sessionId })
      .onConflict((oc) => oc.column('stripe_session_id').doNothing())
      .execute();
  }

  /**
   * The once-only grant: the session's row becomes completed in one statement, and only the
   * statement that changed it gets `true`. A webhook and the success page racing, or an event
   * delivered twice at once, meet at the unique session id: Postgres makes the second wait for
   * the first and then finds nothing left to change.
   */
  async completeSession(trx: Transaction<DB>, payment: CompletedPayment): Promise<boolean> {
    const row = await trx
      .insertInto('payments')
      .values({
        user_id: payment.userId,
        payment_type: payment.kind,
        amount_cents: payment.amountCents,
        currency: payment.currency,
        status: 'completed',
        stripe_session_id: payment.sessionId,
        stripe_payment_intent_id: payment.paymentIntentId,
        stripe_invoice_id: payment.invoiceId,
      })
      .onConflict((oc) =>
        oc
          .column('stripe_session_id')
          .doUpdateSet({
            status: 'completed',
            amount_cents: (eb) => eb.ref('excluded.amount_cents'),
            currency: (eb) => eb.ref('excluded.currency'),
            stripe_payment_intent_id: (eb) => eb.ref('excluded.stripe_payment_intent_id'),
            stripe_invoice_id: (eb) => eb.ref('excluded.stripe_invoice_id'),
          })
          .where('payments.status', '=', 'pending'),
      )
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * A renewal's invoice, paid or failed, once per invoice. A paid invoice after a failed try
   * turns the failed row completed; nothing turns a completed row back. True when a row changed.
   */
  async recordInvoice(trx: Transaction<DB>, payment: { userId: string; kind: PlanId; amountCents: number; currency: string; invoiceId: string; paymentIntentId: string | null; status: 'completed' | 'failed' }): Promise<boolean> {
    const row = await trx
      .insertInto('payments')
      .values({
        user_id: payment.userId,
        payment_type: payment.kind,
        amount_cents: payment.amountCents,
        currency: payment.currency,
        status: payment.status,
        stripe_invoice_id: payment.invoiceId,
        stripe_payment_intent_id: payment.paymentIntentId,
      })
      .onConflict((oc) =>
        oc
          .column('stripe_invoice_id')
          .doUpdateSet({ status: (eb) => eb.ref('excluded.status'), stripe_payment_intent_id: (eb) => eb.ref('excluded.stripe_payment_intent_id') })
          .where('payments.status', '=', 'failed')
          .where(sql<boolean>`excluded.status = 'completed'`),
      )
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Marks a payment refunded, found by its PaymentIntent or its invoice; its id, member and kind, once. */
  async markRefunded(trx: Transaction<DB>, by: { paymentIntentId: string; invoiceId: string | null }): Promise<{ id: string; userId: string | null; kind: PaymentKind } | undefined> {
    const row = await trx
      .updateTable('payments')
      .set({ status: 'refunded' satisfies PaymentStatus })
      .where((eb) => (by.invoiceId ? eb.or([eb('stripe_payment_intent_id', '=', by.paymentIntentId), eb('stripe_invoice_id', '=', by.invoiceId)]) : eb('stripe_payment_intent_id', '=', by.paymentIntentId)))
      .where('status', '=', 'completed')
      .returning(['id', 'user_id', 'payment_type'])
      .executeTakeFirst();
    return row ? { id: row.id, userId: row.user_id, kind: row.payment_type } : undefined;
  }

  /** True the first time an event id is seen; the caller's transaction applies it. */
  async claimEvent(trx: Transaction<DB>, id: string, type: string): Promise<boolean> {
    const row = await trx.insertInto('stripe_events').values({ id, type }).onConflict((oc) => oc.column('id').doNothing()).returning('id').executeTakeFirst();
    return row !== undefined;
  }

  /** Stripe event ids are kept a while so redeliveries (Stripe retries for up to 3 days) still match. */
  async pruneEvents(before: Date): Promise<void> {
    await this.db.deleteFrom('stripe_events').where('processed_at', '<', before).execute();
  }
}
