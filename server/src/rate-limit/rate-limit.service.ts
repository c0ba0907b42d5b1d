import type { Clock } from '../clock.js';
import type { RateLimitRule } from '../settings.js';
import { TooManyRequestsError } from '../errors.js';
import type { RateLimitRepository, WindowHits } from './rate-limit.repository.js';

const DAY_MS = 86_400_000;
/** How late a batched hit may reach Postgres (and so the other replicas). */
export const BATCH_FLUSH_MS = 1000;

/**
 * How a limit is counted:
 * - `exact`: every hit is added in Postgres before the request goes on. For the limits that stop
 *   guessing (sign-in, codes, password resets): no replica may let one more try through.
 * - `batched`: for the per-member limits that bound how much work a signed-in member can cause
 *   (searches, the free search allowance, chat, uploads…). A window's first hit here is counted in
 *   Postgres and learns every replica's total so far; later hits are counted in memory and written
 *   in one statement at most BATCH_FLUSH_MS later, so a search costs no write of its own. Once this
 *   process's view reaches the limit, each hit is counted in Postgres again (with what it still
 *   holds) and the shared total decides. This process's own hits are always counted before it
 *   answers; another replica's reach Postgres within a second, so replicas together may let
 *   through only the hits made elsewhere since this one last wrote; a crash forgets at most the
 *   last second's.
 */
export type CountingMode = 'exact' | 'batched';

/** Names one key's window (the key of `windows`, and how Postgres's totals are matched back). */
const windowId = (key: string, windowStart: number) => `${key}@${windowStart}`;

/** A batched window: the total Postgres last reported, and hits counted here since. */
interface CountedWindow {
  key: string;
  windowStart: Date;
  windowEnd: number;
  known: number;
  pending: number;
}

/**
 * Fixed-window rate limits kept in Postgres, so every replica counts the same hits. A key names
 * what is limited and for whom ("login-account:ana@example.com").
 */
export class RateLimitService {
  private hitsSinceCleanup = 0;
  private readonly windows = new Map<string, CountedWindow>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly repository: RateLimitRepository,
    private readonly clock: Clock,
    private readonly onFlushError: (error: unknown) => void = () => undefined,
  ) {}

  /** Counts a hit; throws 429 (with the seconds until the window ends) once over the limit. */
  async consume(key: string, rule: RateLimitRule, mode: CountingMode = 'exact'): Promise<void> {
    const now = this.clock.now().getTime();
    const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
    const refuse = () => new TooManyRequestsError(Math.max(1, Math.ceil((windowStart + rule.windowMs - now) / 1000)));
    const id = windowId(key, windowStart);
    const counted = mode === 'batched' ? this.windows.get(id) : undefined;
    if (counted && counted.known + counted.pending + 1 < rule.limit) {
      counted.pending += 1;
      this.scheduleFlush();
      return;
    }
    if (counted) {
      // At the limit the last hits are counted in Postgres, with those this process still holds:
      // the answer is then decided by every replica's count, not by this one's last view of it.
      const hits = counted.pending + 1;
      counted.pending = 0;
      let total: WindowHits | undefined;
      try {
        [total] = await this.repository.addHits([{ key, windowStart: counted.windowStart, hits }]);
      } catch (error) {
        counted.pending += hits - 1; // this hit was not counted; the others go out with the next write
        this.scheduleFlush();
        throw error;
      }
      counted.known = Math.max(counted.known, total?.hits ?? 0);
      if (counted.known > rule.limit) throw refuse();
      return;
    }
    const hits = await this.repository.hit(key, new Date(windowStart));
    if (mode === 'batched') this.learn(id, { key, windowStart: new Date(windowStart), hits }, windowStart + rule.windowMs);
    await this.countTowardsCleanup(1, now);
    if (hits > rule.limit) throw refuse();
  }

  /** Writes the batched hits counted so far (also on shutdown and in tests). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    // A failed write must not stop the ones after it: its hits go out with the next batch.
    this.flushing = this.flushing.catch(() => undefined).then(() => this.writePending());
    return this.flushing;
  }

  private scheduleFlush(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => void this.flush().catch(this.onFlushError), BATCH_FLUSH_MS);
    this.timer.unref();
  }

  /** Takes a total Postgres reported for a window; a concurrent first hit may have reported a larger one. */
  private learn(id: string, total: WindowHits, windowEnd: number): void {
    const counted = this.windows.get(id);
    if (counted) counted.known = Math.max(counted.known, total.hits);
    else this.windows.set(id, { key: total.key, windowStart: total.windowStart, windowEnd, known: total.hits, pending: 0 });
    this.scheduleFlush(); // the next write also forgets windows that have ended
  }

  private async writePending(): Promise<void> {
    const now = this.clock.now().getTime();
    // Windows that have ended and hold nothing unwritten are forgotten.
    for (const [id, window] of this.windows) if (window.windowEnd <= now && window.pending === 0) this.windows.delete(id);
    const batch = [...this.windows.entries()].filter(([, w]) => w.pending > 0).map(([id, w]) => ({ id, window: w, hits: w.pending }));
    if (batch.length === 0) return;
    for (const { window, hits } of batch) window.pending -= hits;
    try {
      const totals = await this.repository.addHits(batch.map(({ window, hits }) => ({ key: window.key, windowStart: window.windowStart, hits })));
      const byWindow = new Map(totals.map((t) => [windowId(t.key, t.windowStart.getTime()), t]));
      for (const { id, window } of batch) {
        const total = byWindow.get(id);
        if (total) window.known = Math.max(window.known, total.hits);
      }
    } catch (error) {
      for (const { window, hits } of batch) window.pending += hits; // written with the next batch
      this.scheduleFlush();
      throw error;
    }
    await this.countTowardsCleanup(batch.length, now);
  }

  /** Every 500 writes, windows older than two days (longer than any rule's window) are deleted. */
  private async countTowardsCleanup(writes: number, now: number): Promise<void> {
    this.hitsSinceCleanup += writes;
    if (this.hitsSinceCleanup < 500) return;
    this.hitsSinceCleanup = 0;
    await this.repository.deleteWindowsBefore(new Date(now - 2 * DAY_MS));
  }
}
