/**
 * Campus-only membership (SIGNUP_EMAIL_DOMAINS): whether an address may hold an account here.
 * `ubc.ca` allows exactly that domain; `.ubc.ca` allows ubc.ca and every subdomain of it
 * (student.ubc.ca, cs.student.ubc.ca). Unset (undefined): every address may.
 */
export function emailDomainAllowed(email: string, domains: readonly string[] | undefined): boolean {
  if (!domains || domains.length === 0) return true;
  const at = email.lastIndexOf('@');
  if (at < 0) return false;
  const domain = email.slice(at + 1).trim().toLowerCase();
  return domains.some((allowed) => {
    if (!allowed.startsWith('.')) return domain === allowed;
    const bare = allowed.slice(1);
    return domain === bare || domain.endsWith(allowed);
  });
}

/** The refusal, naming the domains a member may use ("ubc.ca or any address ending in .ubc.ca"). */
export function emailDomainRefusal(domains: readonly string[]): string {
  const names = domains.map((d) => (d.startsWith('.') ? `${d.slice(1)} (or any subdomain)` : d));
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
  return `Only campus e-mail addresses can join: please use an address at ${list}.`;
}
