import { type Kysely, sql } from 'kysely';

// Stripe is never called inside a database transaction (docs/payments.md, "Ordering"). A
// subscription is read from Stripe first and applied afterwards, so two reads of one subscription
// can reach the database in either order. To keep a stale read from winning:
// - stripe_read_ticket_seq: a ticket taken just before each read. nextval hands out increasing
//   numbers in the order it is called, across every connection and replica (keep CACHE 1: a
//   cache per connection would break that order).
// - stripe_subscriptions: the freshest read of each subscription (its ticket, and what the
//   membership rules need), replaced only by a read with a higher ticket. The membership is
//   always worked out from this row, never from a read that lost to a newer one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE SEQUENCE stripe_read_ticket_seq START 1 CACHE 1`.execute(db);
  await db.schema
    .createTable('stripe_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('plan', 'text', (c) => c.check(sql`plan IN ('monthly', 'yearly')`))
    .addColumn('period_end', 'timestamptz', (c) => c.notNull())
    .addColumn('renews', 'boolean', (c) => c.notNull())
    .addColumn('read_ticket', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX stripe_subscriptions_read_at_idx ON stripe_subscriptions (read_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stripe_subscriptions').execute();
  await sql`DROP SEQUENCE stripe_read_ticket_seq`.execute(db);
}
