import { type Kysely, sql } from 'kysely';

// Premium membership as the spec's subscription status reads it (subscribed, premium_type,
// subscription_end): VIP is is_vip + vip_expires_at; premium_type says where it came from.
// early_user_gift_at records the one-time pioneer gift, so it is never granted twice even after
// the membership it gave has run out.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('profiles')
    .addColumn('premium_type', 'text', (c) => c.check(sql`premium_type IN ('early_user', 'paid')`))
    .addColumn('early_user_gift_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('profiles').dropColumn('premium_type').dropColumn('early_user_gift_at').execute();
}
