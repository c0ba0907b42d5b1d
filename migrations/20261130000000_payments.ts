import { type Kysely, sql } from 'kysely';

// Premium and donations through Stripe (spec part 2: Premium, Payment success):
// - stripe_events: every webhook event id seen, written in the same transaction that applies
//   the event, so a redelivered or concurrently delivered event is applied once.
// - payments gains the Stripe objects a row is matched by: the Checkout Session (already
//   unique), the invoice of a renewal and the PaymentIntent a refund names; updated_at.
// - profiles gains the member's Stripe customer and subscription, the plan and whether it
//   renews, for the premium panel and the customer portal.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stripe_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('processed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX stripe_events_processed_at_idx ON stripe_events (processed_at)`.execute(db);

  await db.schema
    .alterTable('payments')
    .addColumn('stripe_invoice_id', 'text', (c) => c.unique())
    .addColumn('stripe_payment_intent_id', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX payments_stripe_payment_intent_id_idx ON payments (stripe_payment_intent_id) WHERE stripe_payment_intent_id IS NOT NULL`.execute(db);
  await sql`CREATE TRIGGER payments_set_updated_at BEFORE UPDATE ON payments FOR EACH ROW EXECUTE FUNCTION set_updated_at()`.execute(db);

  await db.schema
    .alterTable('profiles')
    .addColumn('stripe_customer_id', 'text')
    .addColumn('stripe_subscription_id', 'text')
    .addColumn('premium_plan', 'text', (c) => c.check(sql`premium_plan IN ('monthly', 'yearly')`))
    .addColumn('premium_renews', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`CREATE UNIQUE INDEX profiles_stripe_customer_id_key ON profiles (stripe_customer_id) WHERE stripe_customer_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX profiles_stripe_subscription_id_idx ON profiles (stripe_subscription_id) WHERE stripe_subscription_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('profiles').dropColumn('premium_renews').dropColumn('premium_plan').dropColumn('stripe_subscription_id').dropColumn('stripe_customer_id').execute();
  await sql`DROP TRIGGER payments_set_updated_at ON payments`.execute(db);
  await db.schema.alterTable('payments').dropColumn('updated_at').dropColumn('stripe_payment_intent_id').dropColumn('stripe_invoice_id').execute();
  await db.schema.dropTable('stripe_events').execute();
}
