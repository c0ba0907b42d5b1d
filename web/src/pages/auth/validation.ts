import { errorCode, errorMessage, notify } from '../../features/auth/notify';

export const minPasswordLength = 6;

/** Checks a new password and its confirmation, toasting the first problem; true when both are fine. */
export function checkNewPassword(password: string, confirmation: string): boolean {
  if (password !== confirmation) {
    notify('error', "Passwords don't match", 'Please make sure both passwords are identical.');
    return false;
  }
  if (password.length < minPasswordLength) {
    notify('error', 'Password too short', `Password must be at least ${String(minPasswordLength)} characters.`);
    return false;
  }
  return true;
}

export const passwordToggleProps = { 'aria-label': 'Show or hide the password' } as const;

/**
 * A refused new password, toasted in the spec's style: the server's strength check (issue 23) as
 * 'Password too weak', anything else under the form's own title ('Registration Failed',
 * 'Update Failed').
 */
export function notifyNewPasswordFailure(error: unknown, title: string): void {
  if (errorCode(error) === 'weak_password') notify('error', 'Password too weak', errorMessage(error));
  else notify('error', title, errorMessage(error));
}

/** Under a new-password field: what the server will accept. */
export const newPasswordHint = 'A few unrelated words make a strong password; common or easy-to-guess ones are refused.';
