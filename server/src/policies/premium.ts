/**
 * What premium changes, decided in one place (README "Premium"). Premium lifts the daily search
 * allowance and shows contact details members made available (contact-info.ts). It never gates
 * safety (report, block), the why-match reasons, the detailed analysis, deleting one's account or
 * exporting one's data: those routes never ask.
 */
export function searchesWithoutLimit(member: { premium: boolean }): boolean {
  return member.premium;
}
