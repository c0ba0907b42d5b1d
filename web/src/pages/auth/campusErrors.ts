import { i18next } from '../../i18n/i18n';

/**
 * Why a campus sign-in came back to /auth (`?campus_error=<code>`), in the words the server's
 * auth/campus/campus-messages.ts keeps for the same codes (auth:campus in the catalogue).
 */
const codes = [
  'campus_unavailable',
  'campus_state',
  'campus_token',
  'campus_cancelled',
  'campus_email_unverified',
  'campus_identity_conflict',
  'campus_reauth_required',
  'account_suspended',
] as const;

type Code = (typeof codes)[number];

function isCode(code: string): code is Code {
  return (codes as readonly string[]).includes(code);
}

export function campusErrorMessage(code: string, domains: readonly string[] | null | undefined): string {
  if (code === 'email_domain_not_allowed') {
    const names = (domains ?? []).map((domain) => domain.replace(/^\./, ''));
    return names.length > 0
      ? i18next.t('auth:campus.domainsOnly', { domains: names.join(i18next.t('auth:campus.listSeparator')) })
      : i18next.t('auth:campus.campusOnly');
  }
  return isCode(code) ? i18next.t(`auth:campus.${code}`) : i18next.t('auth:campus.failed');
}
