import type { Clock } from '../clock.js';
import type { RateLimitRule } from '../config.js';
import { TooManyRequestsError } from '../errors.js';
import type { RateLimitRepository } from './rate-limit.repository.js';

const DAY_MS = 86_400_000;

/**
 * Fixed-window rate limits kept in Postgres, so every replica counts the same hits. A key names
 * what is limited and for whom ("login-account:ana@example.com").
 */
export class RateLimitService {
  private hitsSinceCleanup = 0;

  constructor(
    private readonly repository: RateLimitRepository,
    private readonly clock: Clock,
  ) {}

  /** Counts a hit; throws 429 (with the seconds until the window ends) once over the limit. */
  async consume(key: string, rule: RateLimitRule): Promise<void> {
    const now = this.clock.now().getTime();
    const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
    const hits = await this.repository.hit(key, new Date(windowStart));
    if (++this.hitsSinceCleanup >= 500) {
      this.hitsSinceCleanup = 0;
      await this.repository.deleteWindowsBefore(new Date(now - 2 * DAY_MS));
    }
    if (hits > rule.limit) {
      throw new TooManyRequestsError(Math.max(1, Math.ceil((windowStart + rule.windowMs - now) / 1000)));
    }
  }
}
