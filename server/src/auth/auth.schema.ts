import { z } from 'zod';

import { AUTH_MESSAGES as M } from './messages.js';
import { currentPasswordField } from './step-up.js';

const email = z
  .string({ error: M.emailRequired })
  .trim()
  .min(1, M.emailRequired)
  .max(254, M.emailInvalid)
  .pipe(z.email(M.emailInvalid))
  .transform((value) => value.toLowerCase());

// Min 6 as the spec says; max 128 so argon2 never hashes megabytes, and never truncated.
const password = z.string({ error: M.passwordTooShort }).min(6, M.passwordTooShort).max(128, M.passwordTooLong);

export const signupSchema = z.strictObject({ email, password });
export const resendSchema = z.strictObject({ email });
export const verifySchema = z.strictObject({ email, code: z.string({ error: M.codeFormat }).regex(/^\d{6}$/, M.codeFormat) });
export const loginSchema = z.strictObject({
  email,
  // Sign-in checks the password against the account, not against the sign-up rules.
  password: z.string({ error: M.invalidCredentials }).min(1, M.invalidCredentials).max(1024, M.invalidCredentials),
});
export const forgotSchema = z.strictObject({ email });
export const resetSchema = z.strictObject({
  token: z.string({ error: M.resetLinkInvalid }).regex(/^[A-Za-z0-9_-]{20,100}$/, M.resetLinkInvalid),
  password,
});

/** Settings' Change password: the new password under the sign-up rules; the current one is the step-up proof. */
export const changePasswordSchema = z.strictObject({ currentPassword: currentPasswordField, newPassword: password });
/** Settings' Change sign-in e-mail: the new address; the current password is the step-up proof. */
export const changeEmailSchema = z.strictObject({ email, currentPassword: currentPasswordField });
export const confirmEmailChangeSchema = z.strictObject({ code: z.string({ error: M.codeFormat }).regex(/^\d{6}$/, M.codeFormat) });

export type SignupInput = z.infer<typeof signupSchema>;
export type VerifyInput = z.infer<typeof verifySchema>;
export type LoginInput = z.infer<typeof loginSchema>;
export type ResetInput = z.infer<typeof resetSchema>;
