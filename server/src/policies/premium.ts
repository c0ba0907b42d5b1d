/**
 * What premium changes, decided in one place (README "Premium"). Premium lifts the daily search
 * allowance and shows contact details members made available (contact-info.ts). It never gates
 * safety (report, block), the why-match reasons, the detailed analysis, deleting one's account or
 * exporting one's data: those routes never ask.
 */
export function searchesWithoutLimit(member: { premium: boolean }): boolean {
  return member.premium;
}

/** The VIP rule (spec part 3 §3): is_vip and either no expiry or an expiry in the future. */
export function vipActive(isVip: boolean, expiresAt: Date | null, now: Date): boolean {
  return isVip && (expiresAt === null || expiresAt.getTime() > now.getTime());
}
