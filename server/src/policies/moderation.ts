/**
 * Reports and blocks: a member may report or block any other live member, never themself. What
 * the administrator may do with reports is decided by isAdmin (the admin routes).
 */
export function mayReportOrBlock(actorId: string, target: { userId: string; deleted: boolean } | undefined): boolean {
  return target !== undefined && !target.deleted && target.userId !== actorId;
}
