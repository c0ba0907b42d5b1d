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

/**
 * A member whose profile the administrator hid while reports are reviewed may still answer the
 * members they are in conversation with, and start nothing new: no conversation with someone
 * they never wrote with, no introduction, no touchpoint wall comment. Anyone else may.
 */
export function mayReachOut(_actor: { id: string }, reach: { actorHidden: boolean; inConversation: boolean }): boolean {
  return !reach.actorHidden || reach.inConversation;
}

/** The administrator suspends (and lifts the suspension of) any account but their own. */
export function maySuspend(actor: { id: string }, user: { userId: string }): boolean {
  return user.userId !== actor.id;
}
