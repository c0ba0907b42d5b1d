// The auth endpoints, typed. Every call goes through the one fetch client, so failures arrive as ApiError.
import type { SubscriptionStatus } from '../../../../contract/payments';
import { api } from '../../api/client';

/** GET /api/subscription (also in the session): the spec's check-subscription, with the plan and what this server offers. */
export type Subscription = SubscriptionStatus;

export interface SessionUser {
  id: string;
  email: string;
  /** The member's own language (kept on the account): the app follows it on every device. */
  language?: string;
}

export interface Session {
  user: SessionUser | null;
  isAdmin: boolean;
  profileComplete: boolean;
  /** The member's premium membership; early_user is the gift to the first 5,000 members. */
  subscription?: Subscription;
  /** What this server can do: without a speech model the microphone is hidden. */
  features?: {
    speech: boolean;
    /** False (AUTH_PASSWORD=off): only the campus account signs in. */
    passwordSignIn?: boolean;
    /** The campus account's button, when the campus's OpenID Connect provider is set up (the step-up dialog offers it too). */
    campusSignIn?: { label: string } | null;
    /** SIGNUP_EMAIL_DOMAINS: only these may join (a leading dot: and their subdomains). */
    signupEmailDomains?: string[] | null;
  };
}

export const signedOutSession: Session = { user: null, isAdmin: false, profileComplete: false };

export function signUp(email: string, password: string): Promise<{ email: string }> {
  return api('/api/auth/signup', { method: 'POST', body: { email, password } });
}

export function resendSignupCode(email: string): Promise<{ email: string }> {
  return api('/api/auth/signup/resend', { method: 'POST', body: { email } });
}

export function verifySignup(email: string, code: string): Promise<Session> {
  return api('/api/auth/signup/verify', { method: 'POST', body: { email, code } });
}

export function logIn(email: string, password: string): Promise<Session> {
  return api('/api/auth/login', { method: 'POST', body: { email, password } });
}

/**
 * Ends every session of the user, on every device. After a campus sign-in the answer may name the
 * provider's sign-out page, where the campus session ends too.
 */
export function logOut(): Promise<{ endSessionUrl?: string } | undefined> {
  return api('/api/auth/logout', { method: 'POST' });
}

/** The password account a campus sign-in is waiting to link. */
export function campusLinkPending(): Promise<{ email: string }> {
  return api('/api/auth/oidc/link');
}

export function linkCampus(password: string): Promise<Session> {
  return api('/api/auth/oidc/link', { method: 'POST', body: { password } });
}

export function cancelCampusLink(): Promise<void> {
  return api('/api/auth/oidc/link', { method: 'DELETE' });
}

export function requestPasswordReset(email: string): Promise<{ message: string }> {
  return api('/api/auth/password/forgot', { method: 'POST', body: { email } });
}

export function resetPassword(token: string, password: string): Promise<Session> {
  return api('/api/auth/password/reset', { method: 'POST', body: { token, password } });
}

/** Settings' Change password. `currentPassword` is the step-up proof (features/auth/stepUp). */
export function changePassword(newPassword: string, currentPassword?: string): Promise<Session & { message: string }> {
  return api('/api/auth/password/change', { method: 'POST', body: { newPassword, currentPassword } });
}

/** Settings' Change sign-in e-mail, step one: a 6-digit code goes to the new address. */
export function requestEmailChange(email: string, currentPassword?: string): Promise<{ email: string; message: string }> {
  return api('/api/auth/email/change', { method: 'POST', body: { email, currentPassword } });
}

/** Step two: the code from the new address makes it the sign-in e-mail. */
export function confirmEmailChange(code: string): Promise<Session & { message: string }> {
  return api('/api/auth/email/change/verify', { method: 'POST', body: { code } });
}

/** Where the campus identity provider confirms who the member is, then sends them back to `returnTo`. */
export function campusStepUpUrl(returnTo: string): string {
  return `/api/auth/oidc/login?returnTo=${encodeURIComponent(returnTo)}`;
}
