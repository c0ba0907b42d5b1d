/**
 * Why a campus sign-in came back to /auth (`?campus_error=<code>`), in the words the server's
 * auth/campus/campus-messages.ts keeps for the same codes.
 */
const messages: Record<string, string> = {
  campus_unavailable: 'Campus sign-in is not available right now. Please try again in a few minutes, or sign in with your e-mail.',
  campus_state: 'This campus sign-in did not start in this browser, or it was already used. Please try again.',
  campus_token: "We could not verify the campus account's answer, so nobody was signed in. Please try again.",
  campus_cancelled: 'Campus sign-in was cancelled.',
  campus_email_unverified: 'Your campus account did not give a verified e-mail address, so we cannot sign you in with it.',
  campus_identity_conflict: 'This e-mail address already belongs to another campus account here. Please contact support.',
  account_suspended: 'This account has been suspended. Please contact support if you think this is a mistake.',
};

export function campusErrorMessage(code: string, domains: readonly string[] | null | undefined): string {
  if (code === 'email_domain_not_allowed') {
    const names = (domains ?? []).map((domain) => domain.replace(/^\./, ''));
    return names.length > 0 ? `Only campus e-mail addresses can join: please use an address at ${names.join(', ')}.` : 'Only campus e-mail addresses can join.';
  }
  return messages[code] ?? 'Campus sign-in failed. Please try again.';
}
