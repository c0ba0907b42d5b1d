import type { SubscriptionStatus } from '../../../../contract/payments.js';
import type { Clock } from '../../clock.js';
import { vipActive } from '../../policies/premium.js';
import type { SubscriptionRepository } from './subscription.repository.js';

/** Spec part 2 §9: the first 5,000 registered members get 6 months of premium (early_user); EARLY_USER_GIFT_LIMIT changes the number. */
export const EARLY_USER_LIMIT = 5000;
export const EARLY_USER_MONTHS = 6;

export type { SubscriptionStatus };

/** `months` calendar months later in UTC; the 31st of a shorter month becomes its last day. */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

export class SubscriptionService {
  constructor(
    private readonly repository: SubscriptionRepository,
    private readonly clock: Clock,
    private readonly options: { paymentsConfigured: boolean; searchFreeDaily: number; earlyUserLimit: number } = { paymentsConfigured: false, searchFreeDaily: 20, earlyUserLimit: EARLY_USER_LIMIT },
  ) {}

  /** The member's membership, by the VIP rule (payments/membership-rules.ts). */
  async status(userId: string | undefined): Promise<SubscriptionStatus> {
    const { paymentsConfigured, searchFreeDaily } = this.options;
    const none: SubscriptionStatus = { subscribed: false, premiumType: null, subscriptionEnd: null, plan: null, renews: false, canManage: false, paymentsConfigured, searchAllowance: searchFreeDaily };
    if (!userId) return none;
    const row = await this.repository.membership(userId);
    if (!row) return none;
    const canManage = paymentsConfigured && row.stripe_customer_id !== null;
    if (!vipActive(row.is_vip, row.vip_expires_at, this.clock.now())) return { ...none, canManage };
    return {
      subscribed: true,
      premiumType: row.premium_type,
      subscriptionEnd: row.vip_expires_at?.toISOString() ?? null,
      plan: row.premium_type === 'paid' ? row.premium_plan : null,
      renews: row.premium_type === 'paid' && row.premium_renews,
      canManage,
      paymentsConfigured,
      searchAllowance: null,
    };
  }

  /** Called when a member finishes onboarding; true when the gift was granted now. */
  grantEarlyUserGift(userId: string): Promise<boolean> {
    const now = this.clock.now();
    if (this.options.earlyUserLimit === 0) return Promise.resolve(false);
    return this.repository.grantEarlyUserGift(userId, this.options.earlyUserLimit, now, addMonths(now, EARLY_USER_MONTHS));
  }
}
