/**
 * Touchpoint walls (spec part 3 §6): anyone may post, visitors too; a signed-in member deletes
 * their own comments and replies; the administrator deletes any. A visitor's comment has no
 * owner, so nobody but the administrator can delete it.
 */
export function mayDeleteComment(actor: { id: string; admin: boolean }, comment: { authorId: string | null }): boolean {
  if (actor.admin) return true;
  return comment.authorId !== null && comment.authorId === actor.id;
}
