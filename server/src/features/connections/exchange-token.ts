import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token in an exchanged profile payload (QR code or NFC tag): the profile it stands for and
 * when it stops working, signed by the server. It carries nothing else, so a photographed code
 * or a lost sticker connects nobody once it has expired, and nobody can make one up.
 */
export const EXCHANGE_TOKEN_TTL_MS = 10 * 60_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type TokenCheck = { ok: true; profileId: string } | { ok: false; reason: 'invalid' | 'expired' };

export class ExchangeTokens {
  constructor(private readonly secret: string) {}

  issue(profileId: string, now: Date): { token: string; expiresAt: Date } {
    const seconds = Math.floor((now.getTime() + EXCHANGE_TOKEN_TTL_MS) / 1000);
    const expiresAt = new Date(seconds * 1000);
    const body = `${profileId}.${seconds.toString(36)}`;
    return { token: `${body}.${this.sign(body)}`, expiresAt };
  }

  check(token: string, now: Date): TokenCheck {
    const parts = token.split('.');
    if (parts.length !== 3) return { ok: false, reason: 'invalid' };
    const [profileId, expires, signature] = parts as [string, string, string];
    if (!UUID.test(profileId) || !/^[0-9a-z]{1,10}$/.test(expires)) return { ok: false, reason: 'invalid' };
    const expected = Buffer.from(this.sign(`${profileId}.${expires}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
    if (parseInt(expires, 36) * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
    return { ok: true, profileId };
  }

  private sign(body: string): string {
    return createHmac('sha256', this.secret).update(`exchange:${body}`).digest('base64url').slice(0, 32);
  }
}
