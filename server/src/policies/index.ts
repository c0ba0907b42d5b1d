/**
 * Who may do what, in one place. Routes and services ask here; the SPA never decides.
 */

export interface Actor {
  id: string;
  email: string;
  roles: readonly string[];
}

/**
 * Spec part 1 §6: the administrator is recognised only when the account holds the admin role
 * AND its e-mail is the designated admin address. Either alone is not enough.
 */
export function isAdmin(actor: Actor | undefined, adminEmail: string | undefined): boolean {
  if (!actor || !adminEmail) return false;
  return actor.roles.includes('admin') && actor.email.toLowerCase() === adminEmail.toLowerCase();
}
