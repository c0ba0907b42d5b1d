import { z } from 'zod';

import { SubscriptionStatus } from './payments.js';

export const SessionUser = z.strictObject({
  id: z.uuid(),
  email: z.string(),
  /** The member's own language (kept on the account): the app follows it on every device. */
  language: z.string(),
});
export type SessionUser = z.infer<typeof SessionUser>;

/** What this server can do (the session answer says it to every page). */
export const ServerFeatures = z.strictObject({
  /** Without a speech model the microphone is hidden. */
  speech: z.boolean(),
  /** False (AUTH_PASSWORD=off): only the campus account signs in. */
  passwordSignIn: z.boolean(),
  /** The campus account's button, when the campus's OpenID Connect provider is set up. */
  campusSignIn: z.strictObject({ label: z.string() }).nullable(),
  /** SIGNUP_EMAIL_DOMAINS: only these may join (a leading dot: and their subdomains). */
  signupEmailDomains: z.array(z.string()).nullable(),
});
export type ServerFeatures = z.infer<typeof ServerFeatures>;

/** Who is signed in, as a sign-in, a sign-up's verification or a reset answers. */
export const SessionInfo = z.strictObject({
  user: SessionUser.nullable(),
  isAdmin: z.boolean(),
  profileComplete: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfo>;

/** GET /api/auth/session: who is signed in, their membership and what this server offers. */
export const Session = SessionInfo.extend({ subscription: SubscriptionStatus, features: ServerFeatures });
export type Session = z.infer<typeof Session>;

/** A change of password or e-mail: the new session, and what to tell the member. */
export const SessionChanged = SessionInfo.extend({ message: z.string() });

/** A code mailed (sign-up, its resend, an e-mail change): to which address, and what to tell the member. */
export const CodeSent = z.strictObject({ email: z.string(), message: z.string() });
export type CodeSent = z.infer<typeof CodeSent>;

/** POST /api/auth/password/forgot: the same words whether or not the address has an account. */
export const Notice = z.strictObject({ message: z.string() });
export type Notice = z.infer<typeof Notice>;

/** POST /api/auth/logout after a campus sign-in: the provider's sign-out page, where the campus session ends too (else 204). */
export const SignedOut = z.strictObject({ endSessionUrl: z.string() });
export type SignedOut = z.infer<typeof SignedOut>;

/** GET /api/auth/oidc/link: the password account a campus sign-in is waiting to link. */
export const PendingCampusLink = z.strictObject({ email: z.string() });
export type PendingCampusLink = z.infer<typeof PendingCampusLink>;

/** POST /api/auth/oidc/link */
export const CampusLinkRequest = z.object({ password: z.string().min(1, 'Please enter your password.').max(1024) });
/** Signed in, and where to go next (onboarding, the dashboard or search). */
export const CampusLinked = SessionInfo.extend({ next: z.string() });
export type CampusLinked = z.infer<typeof CampusLinked>;
