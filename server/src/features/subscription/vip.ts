/** The VIP rule (spec part 3 §3): is_vip and either no expiry or an expiry in the future. */
export function vipActive(isVip: boolean, expiresAt: Date | null, now: Date): boolean {
  return isVip && (expiresAt === null || expiresAt.getTime() > now.getTime());
}
