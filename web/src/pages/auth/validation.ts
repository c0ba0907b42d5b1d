import { errorCode, errorMessage, notify } from '../../features/auth/notify';
import { i18next } from '../../i18n/i18n';

export const minPasswordLength = 6;

/**
 * Checks a new password and its confirmation, toasting the first problem; true when both are fine.
 * The words are the spec's (auth:validation in the catalogue), in the reader's language.
 */
export function checkNewPassword(password: string, confirmation: string): boolean {
  if (password !== confirmation) {
    notify('error', i18next.t('auth:validation.mismatchTitle'), i18next.t('auth:validation.mismatchText'));
    return false;
  }
  if (password.length < minPasswordLength) {
    notify('error', i18next.t('auth:validation.shortTitle'), i18next.t('auth:validation.shortText', { count: minPasswordLength }));
    return false;
  }
  return true;
}

/**
 * A refused new password, toasted in the spec's style: the server's strength check (issue 23) as
 * 'Password too weak', anything else under the form's own title ('Registration Failed',
 * 'Update Failed', already in the reader's language).
 */
export function notifyNewPasswordFailure(error: unknown, title: string): void {
  if (errorCode(error) === 'weak_password') notify('error', i18next.t('auth:validation.weakTitle'), errorMessage(error));
  else notify('error', title, errorMessage(error));
}
