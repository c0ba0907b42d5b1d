/**
 * Reports and blocks: a member may report or block any other live member, never themself. The
 * administrator acts on reports about anyone but themself (the admin audience is the rule table's).
 */
export function mayReportOrBlock(actor: { id: string }, target: { userId: string; deleted: boolean }): boolean {
  return !target.deleted && target.userId !== actor.id;
}

export function mayActOnReportsAbout(actor: { id: string }, reported: { userId: string }): boolean {
  return reported.userId !== actor.id;
}
