import type { CampusErrorCode } from './campus-messages.js';

/**
 * Which reason the member is told when the provider's answer is refused. openid-client throws
 * ClientError (its `code` is an OAUTH_* constant), ResponseBodyError (the provider's own `error`,
 * e.g. invalid_grant for a code used twice) or AuthorizationResponseError; the strategy fails
 * without an error when this session holds no request to match.
 */
export function campusErrorCode(error: unknown, info?: { message?: string }): CampusErrorCode {
  if (!error) {
    // access_denied: the member said no at the provider (the strategy turns it into a failure).
    if (info?.message && /denied|aborted|cancel/i.test(info.message)) return 'campus_cancelled';
    return 'campus_state';
  }
  const e = error as { code?: string; error?: string; message?: string; cause?: unknown; name?: string };
  if (authTimeRefused(e.cause)) return 'campus_reauth_required';
  if (e.name === 'ResponseBodyError' && e.error === 'invalid_grant') return 'campus_state';
  if (e.name === 'AuthorizationResponseError') return e.error === 'access_denied' ? 'campus_cancelled' : 'campus_unavailable';
  if (mentionsState(e) || mentionsState(e.cause)) return 'campus_state';
  if (e.code === 'OAUTH_TIMEOUT' || e.code === 'OAUTH_ABORT' || unreachable(e) || unreachable(e.cause)) return 'campus_unavailable';
  return 'campus_token';
}

/**
 * The library's max_age check (asked for by a step-up only): the ID token's auth_time is older
 * than max_age allows, or missing although max_age makes it required. openid-client's ClientError
 * wraps oauth4webapi's OperationProcessingError, whose own cause names the claim, or whose message
 * does for a missing one.
 */
function authTimeRefused(cause: unknown): boolean {
  if (!cause || typeof cause !== 'object') return false;
  const c = cause as { code?: string; message?: unknown; cause?: { claim?: unknown } };
  if (c.code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED') return c.cause?.claim === 'auth_time';
  return c.code === 'OAUTH_INVALID_RESPONSE' && /"auth_time" .*claim missing/.test(String(c.message));
}

/** A network failure reaching the provider (fetch's TypeError carries the socket error as its cause). */
function unreachable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { code?: string; message?: string; cause?: unknown };
  if (e.code && /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|UND_ERR_\w+)$/.test(e.code)) return true;
  if (e.message === 'fetch failed') return true;
  return e.cause !== undefined && e.cause !== error && unreachable(e.cause);
}

/** oauth4webapi's "unexpected \"state\" response parameter value", as the error or its cause. */
function mentionsState(error: unknown): boolean {
  return typeof error === 'object' && error !== null && /"state"/.test(String((error as { message?: unknown }).message));
}
