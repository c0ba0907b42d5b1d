import { safeRedirect } from '../../features/auth/redirect';

export type AuthMode = 'signin' | 'signup' | 'forgot' | 'verify' | 'reset' | 'link';

export interface AuthParams {
  /** The mode the URL asks for. */
  mode: 'signin' | 'signup' | 'reset';
  /** True when the URL names a mode explicitly (`mode=login|signup` or a recovery link). */
  explicit: boolean;
  /** The same-origin path to go to after signing in, if any. */
  redirect: string | null;
  /** True when the raw redirect points at an NFC location. */
  fromNfc: boolean;
  /** The password-reset token of a recovery link. */
  token: string | null;
}

/**
 * Reads /auth's query and fragment: `mode=login|signup`, `redirect=<url>`, and the recovery link
 * forms `type=recovery&token=…` or `reset=true` (in the query or the fragment).
 */
export function readAuthParams(search: string, hash: string): AuthParams {
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const get = (name: string) => query.get(name) ?? fragment.get(name);

  const rawRedirect = query.get('redirect');
  const token = get('token');
  const recovery = get('type') === 'recovery' || get('reset') === 'true';
  const requested = query.get('mode');

  let mode: AuthParams['mode'] = 'signin';
  if (recovery) mode = 'reset';
  else if (requested === 'signup') mode = 'signup';

  return {
    mode,
    explicit: recovery || requested === 'signup' || requested === 'login',
    redirect: safeRedirect(rawRedirect),
    fromNfc: rawRedirect?.includes('/nfc') ?? false,
    token: token || null,
  };
}
