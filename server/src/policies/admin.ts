/**
 * Spec part 1 §6: the administrator is recognised only when the account holds the admin role
 * AND its e-mail is the designated admin address. Either alone is not enough. This is checked
 * each time the session's account is read (auth.service sessionAccount), which gives the actor
 * its `admin` fact; the admin rules in rules.ts ask that fact.
 */
export function isAdmin(account: { email: string; roles: readonly string[] } | undefined, adminEmail: string | undefined): boolean {
  if (!account || !adminEmail) return false;
  return account.roles.includes('admin') && account.email.toLowerCase() === adminEmail.toLowerCase();
}
