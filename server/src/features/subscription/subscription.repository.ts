import type { Kysely } from 'kysely';

import type { DB } from '../../db/schema.js';

export interface MembershipRow {
  is_vip: boolean;
  vip_expires_at: Date | null;
  premium_type: 'early_user' | 'paid' | null;
  premium_plan: 'monthly' | 'yearly' | null;
  premium_renews: boolean;
  stripe_customer_id: string | null;
}

export class SubscriptionRepository {
  constructor(private readonly db: Kysely<DB>) {}

  membership(userId: string): Promise<MembershipRow | undefined> {
    return this.db.selectFrom('profiles').select(['is_vip', 'vip_expires_at', 'premium_type', 'premium_plan', 'premium_renews', 'stripe_customer_id']).where('user_id', '=', userId).executeTakeFirst();
  }

  /**
   * The pioneer gift, in one conditional UPDATE: only for the first `limit` members by
   * registration order, and only once (early_user_gift_at), so retries and races cannot grant
   * it twice. A member who already pays keeps their paid membership.
   */
  async grantEarlyUserGift(userId: string, limit: number, now: Date, until: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('profiles')
      .set({ is_vip: true, vip_expires_at: until, premium_type: 'early_user', early_user_gift_at: now })
      .where('user_id', '=', userId)
      .where('early_user_gift_at', 'is', null)
      .where('registration_order', '<=', limit)
      .where((eb) => eb.or([eb('premium_type', 'is', null), eb('premium_type', '!=', 'paid')]))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}
