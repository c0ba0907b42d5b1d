import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A 6-digit one-time code from the CSPRNG, 100000–999999 as the spec's codes are. */
export function newSignupCode(): string {
  return String(randomInt(100_000, 1_000_000));
}

/**
 * Codes have only a million values, so a plain hash would be reversed at once from a leaked
 * table: they are kept as an HMAC under the server's secret, bound to the address.
 */
export function hashSignupCode(secret: string, email: string, code: string): string {
  return hashOneTimeCode(secret, 'signup-code', email, code);
}

/** The code that confirms a new sign-in e-mail: bound to the member and the new address, so it confirms nothing else. */
export function hashEmailChangeCode(secret: string, userId: string, newEmail: string, code: string): string {
  return hashOneTimeCode(secret, 'email-change-code', `${userId}:${newEmail}`, code);
}

/** HMAC of a 6-digit code under the server's secret, for one purpose and one subject: a code of one kind never passes as another. */
function hashOneTimeCode(secret: string, purpose: string, subject: string, code: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${subject}:${code}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A reset-link token: 256 random bits; only its SHA-256 is stored. */
export function newResetToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashResetToken(token) };
}

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
