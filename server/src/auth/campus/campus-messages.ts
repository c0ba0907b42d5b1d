/**
 * Why a campus sign-in ended back on the auth screen. The callback redirects to
 * /auth?campus_error=<code>; the web app shows the message under the spec's 'Sign In Failed'
 * title (web/src/pages/auth/campusErrors.ts keeps the same codes).
 */
export const CAMPUS_ERRORS = {
  campus_unavailable: 'Campus sign-in is not available right now. Please try again in a few minutes, or sign in with your e-mail.',
  campus_state: 'This campus sign-in did not start in this browser, or it was already used. Please try again.',
  campus_token: "We could not verify the campus account's answer, so nobody was signed in. Please try again.",
  campus_cancelled: 'Campus sign-in was cancelled.',
  campus_reauth_required: 'Your campus account did not ask you to sign in again, so we could not confirm it is you. Please try again, or sign out of your campus account first.',
  campus_email_unverified: 'Your campus account did not give a verified e-mail address, so we cannot sign you in with it.',
  campus_identity_conflict: 'This e-mail address already belongs to another campus account here. Please contact support.',
  email_domain_not_allowed: 'Only campus e-mail addresses can join.',
  account_suspended: 'This account has been suspended.',
  password_sign_in_off: 'This campus signs in with the campus account only.',
} as const;

export type CampusErrorCode = keyof typeof CAMPUS_ERRORS;

export const CAMPUS_MESSAGES = {
  linkExpired: 'The campus sign-in to link has expired. Please sign in with the campus button again.',
  passwordSignInOff: CAMPUS_ERRORS.password_sign_in_off,
  noCampusSignIn: 'Campus sign-in is not set up on this server.',
} as const;

/** A campus sign-in refused for a reason the member is told about (a redirect, not an error page). */
export class CampusSignInError extends Error {
  constructor(
    readonly code: CampusErrorCode,
    message?: string,
  ) {
    super(message ?? CAMPUS_ERRORS[code]);
    this.name = 'CampusSignInError';
  }
}
