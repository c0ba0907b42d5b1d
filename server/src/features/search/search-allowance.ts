import { TooManyRequestsError } from '../../errors.js';
import { may } from '../../policies/index.js';
import type { RateLimitService } from '../../rate-limit/rate-limit.service.js';
import type { Middleware } from '../../middleware/middleware.js';

const DAY_MS = 86_400_000;

export const allowanceMessage = (allowance: number, resetsAt: Date) =>
  allowance === 0
    ? 'Searching is for premium members on this server. Premium members search without limit.'
    : `You have used your ${String(allowance)} free searches for today. They renew at ${resetsAt.toISOString().slice(11, 16)} UTC; premium members search without limit.`;

/**
 * The free daily allowance of searches (SEARCH_FREE_DAILY): counted per member and UTC day in the
 * shared rate-limit table, so every server agrees; premium members are never counted. Counted
 * `batched`, like the other per-member limits on work: a search writes nothing of its own (a
 * member's first search of the day on a server reads the shared total; later ones are counted in
 * memory and written within a second), so two servers together may let a member run at most a
 * second's worth of searches past the allowance. The answer names the allowance and when it renews
 * (`details.resetsAt`, for the client's own clock).
 */
export function searchAllowanceLimit(deps: { limiter: RateLimitService; freeDaily: number; now: () => Date }): Middleware {
  return async (req, _res, next) => {
    const userId = req.user!.id;
    // The membership came with the session's account (auth.repository sessionAccount): no query here.
    if (may(req.user!, 'search.unlimited')) return next();
    const allowance = deps.freeDaily;
    const now = deps.now().getTime();
    const resetsAt = new Date(Math.floor(now / DAY_MS) * DAY_MS + DAY_MS);
    const refuse = () => new TooManyRequestsError(Math.max(1, Math.ceil((resetsAt.getTime() - now) / 1000)), allowanceMessage(allowance, resetsAt), 'search_allowance_used', { allowance, resetsAt: resetsAt.toISOString() });
    if (allowance === 0) throw refuse();
    try {
      await deps.limiter.consume(`search-free:${userId}`, { limit: allowance, windowMs: DAY_MS }, 'batched');
    } catch (error) {
      if (error instanceof TooManyRequestsError) throw refuse();
      throw error;
    }
    next();
  };
}
