import { timingSafeEqual } from 'node:crypto';

/**
 * /metrics is for a Prometheus scraper, not for people: no session grants it, the administrator's
 * included. It is off ('absent', a 404) until METRICS_TOKEN is set, then open only to
 * `Authorization: Bearer <token>`, compared in constant time.
 */
export function metricsAccess(token: string | undefined, authorization: string | undefined): 'absent' | 'denied' | 'allowed' {
  if (!token) return 'absent';
  const given = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
  if (!given) return 'denied';
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b) ? 'allowed' : 'denied';
}
