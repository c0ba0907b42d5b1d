import { timingSafeEqual } from 'node:crypto';

/**
 * /metrics is for a Prometheus scraper, not for people: no session grants it, the administrator's
 * included. It is off (a 404, decided by the route: the feature is not configured) until
 * METRICS_TOKEN is set, then open only to `Authorization: Bearer <token>`, compared in constant time.
 */
export function mayScrapeMetrics(request: { token: string | undefined; authorization: string | undefined }): boolean {
  const { token, authorization } = request;
  if (!token) return false;
  const given = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
