import { AsyncLocalStorage } from 'node:async_hooks';

import type { Kysely } from 'kysely';
import type { Logger } from 'pino';

import { FreshnessTracker, parseLsn } from './replica-lag.js';
import type { DB } from './schema.js';
import { isDatabaseUnavailable } from './unavailable.js';

/** What a repository asks for a read that may lag a little behind the latest writes. */
export interface Reads {
  reader(): Kysely<DB>;
}

/** Every read on `db` (no replica; or a transaction, whose reads must see its own writes). */
export const readsOn = (db: Kysely<DB>): Reads => ({ reader: () => db });

/** What the health check asks the two servers. */
export interface ReplicaProbe {
  /** The primary's current WAL position (pg_current_wal_lsn()). */
  primaryLsn(): Promise<string>;
  /** Whether the replica is still a replica, how far it has replayed, and how old its last replayed commit is. */
  replica(): Promise<{ inRecovery: boolean; replayedLsn: string | null; replayAgeMs: number | null }>;
}

/**
 * in-use: reads go there; stale: further behind than REPLICA_MAX_LAG_MS; down: it did not answer
 * (until a check succeeds); not-a-replica: it was promoted, so it no longer follows the primary.
 */
export type ReplicaStatus = 'starting' | 'in-use' | 'stale' | 'down' | 'not-a-replica';

export interface ReplicaState {
  status: ReplicaStatus;
  /** How far behind it was at the last check (ms); null before one succeeded. */
  lagMs: number | null;
  maxLagMs: number;
  /** Reads sent to the replica, reads kept on the primary, and replica statements the primary answered instead. */
  reads: { replica: number; primary: number; fallbacks: number };
}

const primaryOnly = new AsyncLocalStorage<true>();

/**
 * Runs `fn` with every reader() in it, and in what it starts, on the primary: a member who just
 * changed something reads it back from where it was written (middleware/read-your-writes.ts).
 */
export function onPrimary<T>(fn: () => T): T {
  return primaryOnly.run(true, fn);
}

/**
 * A quarter of the allowed lag, at most a second: a replica is judged by its last check, so the
 * time since it counts against the allowance too, and it should not drop out between two checks.
 */
export function checkIntervalMs(maxLagMs: number): number {
  return Math.min(1000, Math.max(50, Math.round(maxLagMs / 4)));
}

/** A replica that takes longer than this to say how far it has replayed is as good as down. */
const CHECK_TIMEOUT_MS = 2000;

/**
 * Which server a read goes to. Repositories ask `reader()` for the few reads that may lag a
 * little (search retrieval, the feeds, the admin's reports); everything else uses the primary's
 * Kysely directly. With no replica configured (and always in embedded mode) `reader()` is the
 * primary. The replica's freshness is checked on a timer, never per query.
 */
export class ReadRouting implements Reads {
  readonly intervalMs: number;
  /** Reads sent to each server, and replica statements the primary answered instead. */
  private readonly served = { replica: 0, primary: 0, fallbacks: 0 };
  private readonly tracker: FreshnessTracker;
  private readonly now: () => number;
  /** Every commit made before this moment is on the replica (as of the last check). */
  private freshAsOf: number | undefined;
  private lagMs: number | null = null;
  private checked = false;
  private promoted = false;
  /** The replica failed; reads avoid it until a check that started after the last failure succeeds. */
  private down = false;
  private failures = 0;
  private reported: ReplicaStatus = 'starting';
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly options: {
      primary: Kysely<DB>;
      replica?: { db: Kysely<DB>; probe: ReplicaProbe };
      maxLagMs: number;
      logger: Logger;
      now?: () => number;
    },
  ) {
    this.now = options.now ?? Date.now;
    this.intervalMs = checkIntervalMs(options.maxLagMs);
    // Long enough to tell "a little stale" from "very stale" in the lag reported; beyond it the
    // replica is stale either way.
    this.tracker = new FreshnessTracker(Math.max(60_000, 10 * options.maxLagMs));
  }

  get hasReplica(): boolean {
    return this.options.replica !== undefined;
  }

  /** The replica when it is up and fresh and this request has not just written; else the primary. */
  reader(): Kysely<DB> {
    const { replica, primary } = this.options;
    if (replica && !primaryOnly.getStore() && this.status() === 'in-use') {
      this.served.replica += 1;
      return replica.db;
    }
    this.served.primary += 1;
    return primary;
  }

  /** The replica could not answer a statement and the primary did (replica-pool.ts). */
  fellBack(error: unknown): void {
    this.served.fallbacks += 1;
    if (isDatabaseUnavailable(error)) this.markDown(error);
  }

  state(): ReplicaState | undefined {
    if (!this.options.replica) return undefined;
    return { status: this.status(), lagMs: this.lagMs, maxLagMs: this.options.maxLagMs, reads: { ...this.served } };
  }

  /** Checks now, then every `intervalMs` until close(). */
  async start(): Promise<void> {
    if (!this.options.replica || this.running || this.closed) return;
    const loop = async (): Promise<void> => {
      // A check that throws (an answer it cannot read) must not stop the checks, nor the process.
      await this.check().catch((error: unknown) => this.options.logger.warn({ err: error }, 'read replica: the check failed'));
      if (!this.closed) this.timer = setTimeout(() => void (this.running = loop()), this.intervalMs).unref();
    };
    await (this.running = loop());
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** One health check: the primary's position, then how far the replica has replayed. */
  async check(): Promise<void> {
    const { replica, logger } = this.options;
    if (!replica) return;
    const startedAt = this.now();
    const failuresBefore = this.failures;
    try {
      // Unreachable primary: the requests say so themselves; the replica's state stays as it was.
      this.tracker.record(startedAt, parseLsn(await replica.probe.primaryLsn()));
    } catch (error) {
      logger.debug({ err: error }, 'read replica: the primary did not say its WAL position');
      return;
    }
    let answer: Awaited<ReturnType<ReplicaProbe['replica']>>;
    try {
      answer = await withTimeout(replica.probe.replica(), CHECK_TIMEOUT_MS);
    } catch (error) {
      this.markDown(error);
      return;
    }
    this.checked = true;
    this.promoted = !answer.inRecovery;
    const replayed = answer.replayedLsn === null ? undefined : parseLsn(answer.replayedLsn);
    this.freshAsOf = replayed === undefined ? undefined : this.tracker.freshAsOf(replayed);
    const now = this.now();
    // Behind every sample kept: at least as old as the oldest, or as its last replayed commit.
    this.lagMs = this.freshAsOf !== undefined ? now - this.freshAsOf : Math.max(now - (this.tracker.oldest() ?? now), answer.replayAgeMs ?? 0);
    if (this.failures === failuresBefore) this.down = false;
    this.report();
  }

  private status(): ReplicaStatus {
    if (this.down) return 'down';
    if (!this.checked) return 'starting';
    if (this.promoted) return 'not-a-replica';
    // Judged now, not at the check: the time since the check counts as lag.
    return this.freshAsOf !== undefined && this.now() - this.freshAsOf <= this.options.maxLagMs ? 'in-use' : 'stale';
  }

  private markDown(error: unknown): void {
    this.down = true;
    this.failures += 1;
    this.report(error);
  }

  /** Logs each change of status once, not every check. */
  private report(error?: unknown): void {
    const status = this.status();
    if (status === this.reported) return;
    this.reported = status;
    const { logger } = this.options;
    if (status === 'in-use') logger.info({ lagMs: this.lagMs }, 'read replica: in use');
    else logger.warn({ err: error, lagMs: this.lagMs, maxLagMs: this.options.maxLagMs }, `read replica: ${status}, reads go to the primary`);
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
