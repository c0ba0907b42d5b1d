import { SIGN_IN_REQUIRED } from '../policies/index.js';

/** The spec's words (part 1 §5 and §8, part 3 §4) for every auth outcome a member can meet. */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password. Please try again.',
  emailNotConfirmed: 'Please check your email and confirm your account first.',
  userNotFound: 'No account found with this email. Please sign up first.',
  accountDeletedAtSignIn: 'This account has been deleted. Please register a new account.',
  accountDeletedInSession: 'This account has been deleted. You can register again with a new account.',
  noPendingSignup: 'No pending signup data found',
  invalidCode: 'Invalid verification code. Please check and try again.',
  codeExpired: 'Verification code expired. Please request a new one.',
  codeLocked: 'Invalid or expired verification code.',
  sendCodeFailed: 'Failed to send verification code',
  /** Mail is queued: the answer never waits on the mail server. */
  codeOnItsWay: 'Your verification code is on its way; it can take a minute to arrive.',
  identityExists: 'An account with this email already exists. Please sign in.',
  passwordTooShort: 'Password must be at least 6 characters.',
  passwordTooLong: 'Password must be at most 128 characters.',
  /** Beyond the spec's minimum (issue 23): on the common-password list or scored weak by zxcvbn. Shown under the title 'Password too weak'. */
  passwordTooWeak: 'This password is too common or easy to guess. Try a longer phrase of a few unrelated words.',
  /** Step-up (auth/step-up.ts): a sensitive change needs the password again, or a campus sign-in of the last 5 minutes. */
  stepUpRequired: 'Please confirm your password to continue.',
  stepUpFailed: 'Incorrect password. Please try again.',
  emailUnchanged: 'This is already your sign-in e-mail.',
  noPendingEmailChange: 'No e-mail change is waiting for a code. Please start again.',
  emailChangeCodeSent: 'We e-mailed a 6-digit code to your new address; it can take a minute to arrive.',
  emailChanged: 'Your sign-in e-mail was changed.',
  passwordChanged: 'Your password was changed. You were signed out on every other device.',
  emailRequired: 'Please Enter Email',
  emailInvalid: 'Please enter a valid email address.',
  codeFormat: 'The verification code is 6 digits.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  resetRequested: 'If an account exists for this email, a password reset link is on its way.',
  signInRequired: SIGN_IN_REQUIRED,
  /** Not the spec's: suspension came later (features/moderation). Said only after the right password. */
  accountSuspended: (supportEmail: string, reason?: string) =>
    `This account has been suspended${reason ? ` for ${reason}` : ''}. Please contact ${supportEmail} if you think this is a mistake.`,
} as const;
