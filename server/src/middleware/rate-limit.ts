import type { RateLimitRule } from '../settings.js';
import { TooManyRequestsError } from '../errors.js';
import type { CountingMode, RateLimitService } from '../rate-limit/rate-limit.service.js';
import type { Middleware, MiddlewareRequest } from './middleware.js';

/**
 * Limits a route per subject: `subject` returns what to count against (the client's address,
 * the e-mail in the validated body…). Runs after `validate`, so the body is already normalized.
 * Limits against guessing count `exact`ly; see CountingMode.
 */
export function rateLimit(
  limiter: RateLimitService,
  name: string,
  rule: RateLimitRule,
  subject: (req: MiddlewareRequest) => string | undefined,
  mode: CountingMode = 'exact',
): Middleware {
  return async (req, _res, next) => {
    const who = subject(req);
    if (who) await limiter.consume(`${name}:${who}`, rule, mode);
    next();
  };
}

/**
 * A per-member limit on the work a signed-in member can cause (counted in batches: CountingMode).
 * `message` words the refusal for this route, given the seconds until the member may try again.
 */
export function memberRateLimit(limiter: RateLimitService, name: string, rule: RateLimitRule, message?: (retryAfterSeconds: number) => string): Middleware {
  const limit = rateLimit(limiter, name, rule, (req) => req.user?.id, 'batched');
  return message ? worded(limit, message) : limit;
}

/** The same limit, refusing in this route's words (given the seconds until the next try). */
export function worded(limit: Middleware, message: (retryAfterSeconds: number) => string): Middleware {
  return async (req, res, next) => {
    try {
      await limit(req, res, next);
    } catch (error) {
      if (!(error instanceof TooManyRequestsError)) throw error;
      throw new TooManyRequestsError(error.retryAfterSeconds, message(error.retryAfterSeconds), error.code);
    }
  };
}

export const byIp = (req: MiddlewareRequest) => req.ip ?? req.socket.remoteAddress ?? 'unknown';
export const byBodyEmail = (req: MiddlewareRequest) => {
  const body: unknown = req.body;
  const email = typeof body === 'object' && body !== null && 'email' in body ? body.email : undefined;
  return typeof email === 'string' ? email : undefined;
};
