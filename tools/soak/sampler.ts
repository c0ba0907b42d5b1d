/**
 * Readings of the app process and Postgres during the soak (Linux /proc): the app's resident
 * memory (/proc/<pid>/status VmRSS), the client connections to the soak's database
 * (pg_stat_activity, asked over a connection to another database so the sampler is not among
 * them), and where the machine's CPU went since the last reading: the app, this database's
 * Postgres processes (its backends and the server's background processes), the soak itself, and
 * everything else. "Everything else" is someone else's work on a shared machine: a slow minute
 * with a busy "other" is the machine, not the app.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';

import type pg from 'pg';

import type { Sample } from './stats.js';

/** Kernel clock ticks per second for /proc times (USER_HZ; 100 on Linux x86-64 and arm64). */
const TICKS_PER_SECOND = 100;
const ticksToMs = (ticks: number) => (ticks * 1000) / TICKS_PER_SECOND;

/** VmRSS of a process in MiB, NaN when it is gone or there is no /proc. */
export function rssMiB(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** User + system CPU of a process in ms, or undefined when it is gone. */
function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after "pid (comm) ": state is the first; utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ticksToMs(Number(fields[11]) + Number(fields[12]));
  } catch {
    return undefined;
  }
}

/** CPU every process on the machine spent (ms, all cores): user, nice, system, irq, softirq. */
function machineBusyMs(): number {
  try {
    const [, user, nice, system, , , irq, softirq] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
    return ticksToMs(user! + nice! + system! + irq! + softirq!);
  } catch {
    return NaN;
  }
}

interface CpuReading {
  wallMs: number;
  machine: number;
  app: number;
  /** Per Postgres process: backends come and go, so only each one's own growth counts. */
  postgres: Map<number, number>;
  soak: number;
}

export class Sampler {
  readonly samples: Sample[] = [];
  private timer: NodeJS.Timeout | undefined;
  private reading: Promise<void> = Promise.resolve();
  private t0 = 0;
  private previous: CpuReading | undefined;
  private readonly cores = os.availableParallelism();

  constructor(
    /** A connection to the server's admin database (not the soak's own). */
    private readonly admin: pg.Client,
    private readonly database: string,
    private readonly pid: number,
    private readonly everyMs = 5000,
  ) {}

  /** One reading now, relative to `t0` (performance.now() at the run's start). */
  async read(): Promise<Sample> {
    // This database's client connections, and the Postgres processes whose CPU counts as the soak's:
    // its backends and the server-wide background processes (checkpointer, WAL writer, autovacuum).
    const { rows } = await this.admin.query<{ pid: number; client: boolean }>(
      `SELECT pid, backend_type = 'client backend' AS client FROM pg_stat_activity WHERE datname = $1 OR datname IS NULL`,
      [this.database],
    );
    const self = process.cpuUsage();
    const reading: CpuReading = {
      wallMs: performance.now(),
      machine: machineBusyMs(),
      app: processCpuMs(this.pid) ?? NaN,
      postgres: new Map(rows.flatMap((r) => (r.pid === null ? [] : [[r.pid, processCpuMs(r.pid) ?? 0] as const]))),
      soak: (self.user + self.system) / 1000,
    };
    const sample: Sample = {
      at: reading.wallMs - this.t0,
      rssMiB: rssMiB(this.pid),
      connections: rows.filter((r) => r.client && r.pid !== null).length,
      cpu: this.cpuSince(this.previous, reading),
    };
    this.previous = reading;
    return sample;
  }

  /** Where the CPU went between two readings (ms), and how much the machine had. */
  private cpuSince(before: CpuReading | undefined, after: CpuReading): Sample['cpu'] {
    if (!before) return undefined;
    let postgres = 0;
    for (const [pid, ms] of after.postgres) postgres += ms - (before.postgres.get(pid) ?? 0);
    const app = after.app - before.app;
    const soak = after.soak - before.soak;
    const machine = after.machine - before.machine;
    return { app, postgres, soak, other: Math.max(0, machine - app - postgres - soak), capacity: (after.wallMs - before.wallMs) * this.cores };
  }

  /** Reads at once and then every `everyMs` until stop(). */
  start(t0: number): void {
    this.t0 = t0;
    const tick = () => {
      this.reading = this.read().then(
        (s) => void this.samples.push(s),
        (error: unknown) => {
          process.stderr.write(`soak: a reading failed: ${String(error)}\n`);
        },
      );
    };
    tick();
    this.timer = setInterval(tick, this.everyMs);
  }

  /** Takes a last reading (the run's end) and stops. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.reading;
    this.samples.push(await this.read());
  }
}
