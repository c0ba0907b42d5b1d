import { notify } from '../../features/auth/notify';

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
