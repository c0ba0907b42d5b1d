/** A WAL position as Postgres writes it ('16/B374D848'), as a byte offset that compares across servers. */
export function parseLsn(lsn: string): bigint {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(lsn);
  if (!match) throw new Error(`not a WAL position: ${lsn}`);
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`);
}

/**
 * How fresh a streaming replica is, from the primary's WAL position sampled over time: once the
 * replica has replayed up to the position the primary was at when a sample was taken, it holds
 * every commit made before that moment. This needs neither server's clock, and a quiet primary
 * does not make a replica look behind: `now() - pg_last_xact_replay_timestamp()` on the replica
 * is the age of the last commit, minutes on a quiet night, even when the replica is a millisecond
 * behind.
 */
export class FreshnessTracker {
  private readonly samples: Array<{ at: number; lsn: bigint }> = [];

  /** Samples older than `keepMs` are dropped: a replica that far behind is stale however far. */
  constructor(private readonly keepMs: number) {}

  /**
   * The primary's position, read by a query sent at `at`: every commit made before `at` is at or
   * below it (the position can only have grown by the time the query ran).
   */
  record(at: number, lsn: bigint): void {
    this.samples.push({ at, lsn });
    while (this.samples.length > 1 && this.samples[0]!.at < at - this.keepMs) this.samples.shift();
  }

  /**
   * The moment before which the replica holds every commit (the latest sample it has replayed
   * past), or undefined when it is behind every sample kept.
   */
  freshAsOf(replayed: bigint): number | undefined {
    for (let i = this.samples.length - 1; i >= 0; i -= 1) {
      if (this.samples[i]!.lsn <= replayed) return this.samples[i]!.at;
    }
    return undefined;
  }

  /** When the oldest sample kept was taken: a replica behind every sample is at least this far behind. */
  oldest(): number | undefined {
    return this.samples[0]?.at;
  }
}
