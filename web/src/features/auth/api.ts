// The auth endpoints, typed. Every call goes through the one fetch client, so failures arrive as ApiError.
import type { CampusLinked, CodeSent, Notice, PendingCampusLink, Session as ServerSession, SessionInfo, SessionUser, SignedOut } from '../../../../contract/auth';
import type { SubscriptionStatus } from '../../../../contract/payments';
import { api } from '../../api/client';

/** GET /api/subscription (also in the session): the spec's check-subscription, with the plan and what this server offers. */
export type Subscription = SubscriptionStatus;

export type { SessionUser };

/**
 * Who is signed in: what every sign-in answers (SessionInfo), with the membership and this server's
 * features that GET /api/auth/session adds.
 */
export type Session = SessionInfo & Partial<Pick<ServerSession, 'subscription' | 'features'>>;

export const signedOutSession: Session = { user: null, isAdmin: false, profileComplete: false };

export function signUp(email: string, password: string): Promise<CodeSent> {
  return api<CodeSent>('/api/auth/signup', { method: 'POST', body: { email, password } });
}

export function resendSignupCode(email: string): Promise<CodeSent> {
  return api<CodeSent>('/api/auth/signup/resend', { method: 'POST', body: { email } });
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
export function logOut(): Promise<SignedOut | undefined> {
  return api('/api/auth/logout', { method: 'POST' });
}

/** The password account a campus sign-in is waiting to link. */
export function campusLinkPending(): Promise<PendingCampusLink> {
  return api('/api/auth/oidc/link');
}

export function linkCampus(password: string): Promise<CampusLinked> {
  return api('/api/auth/oidc/link', { method: 'POST', body: { password } });
}

export function cancelCampusLink(): Promise<void> {
  return api('/api/auth/oidc/link', { method: 'DELETE' });
}

export function requestPasswordReset(email: string): Promise<Notice> {
  return api<Notice>('/api/auth/password/forgot', { method: 'POST', body: { email } });
}

export function resetPassword(token: string, password: string): Promise<Session> {
  return api('/api/auth/password/reset', { method: 'POST', body: { token, password } });
}

/** Settings' Change password. `currentPassword` is the step-up proof (features/auth/stepUp). */
export function changePassword(newPassword: string, currentPassword?: string): Promise<Session & { message: string }> {
  return api('/api/auth/password/change', { method: 'POST', body: { newPassword, currentPassword } });
}

/** Settings' Change sign-in e-mail, step one: a 6-digit code goes to the new address. */
export function requestEmailChange(email: string, currentPassword?: string): Promise<CodeSent> {
  return api<CodeSent>('/api/auth/email/change', { method: 'POST', body: { email, currentPassword } });
}

/** Step two: the code from the new address makes it the sign-in e-mail. */
export function confirmEmailChange(code: string): Promise<Session & { message: string }> {
  return api('/api/auth/email/change/verify', { method: 'POST', body: { code } });
}

/** Where the campus identity provider confirms who the member is, then sends them back to `returnTo`. */
export function campusStepUpUrl(returnTo: string): string {
  return `/api/auth/oidc/login?returnTo=${encodeURIComponent(returnTo)}`;
}
