/**
 * What the soak counts and how it judges: every request's outcome, summaries over any stretch of
 * the run (per minute, the first and last windows, per kind), and the pass/fail criteria of
 * issue 24. Pure functions over numbers, so `stats.test.ts` can check the arithmetic.
 */

/** One answered (or failed) request of the open-loop run. */
export interface RequestRecord {
  /** What it was (`search`, `feed`, `login` …). */
  kind: string;
  /** When it was due, in ms since the run began: the action's arrival time for its first request. */
  at: number;
  /** From due to the end of the response (ms): waiting for a free virtual user counts. */
  latencyMs: number;
  /** HTTP status; 0 when no response came (a network error or a timeout). */
  status: number;
  /** A network error, a timeout or a status the client did not expect. */
  failed: boolean;
}

/** The records of a run, kept as columns (a 10-minute run at 100/s keeps 60,000 of them). */
export class Recorder {
  readonly kinds: string[] = [];
  private readonly kindIndex = new Map<string, number>();
  readonly at: number[] = [];
  readonly latency: number[] = [];
  readonly status: number[] = [];
  readonly kind: number[] = [];
  readonly failed: boolean[] = [];
  /** The first few failures, with what came back, to print at the end. */
  readonly failures: string[] = [];

  add(r: RequestRecord, detail?: string): void {
    let k = this.kindIndex.get(r.kind);
    if (k === undefined) {
      k = this.kinds.length;
      this.kinds.push(r.kind);
      this.kindIndex.set(r.kind, k);
    }
    this.at.push(r.at);
    this.latency.push(r.latencyMs);
    this.status.push(r.status);
    this.kind.push(k);
    this.failed.push(r.failed);
    if (r.failed && this.failures.length < 20) this.failures.push(`${(r.at / 1000).toFixed(1)} s ${r.kind}: ${r.status || 'no response'}${detail ? ` ${detail}` : ''}`);
  }

  get size(): number {
    return this.at.length;
  }
}

export interface Summary {
  requests: number;
  /** Requests due in the window, per second of the window. */
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  failed: number;
  serverErrors: number;
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');

/** The p-th percentile (nearest rank) of unsorted values; NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** The requests due in [fromMs, toMs), optionally of one kind. */
export function summarize(rec: Recorder, fromMs: number, toMs: number, kind?: string): Summary {
  const k = kind === undefined ? undefined : rec.kinds.indexOf(kind);
  const latencies: number[] = [];
  let failed = 0;
  let serverErrors = 0;
  for (let i = 0; i < rec.size; i += 1) {
    const at = rec.at[i]!;
    if (at < fromMs || at >= toMs || (k !== undefined && rec.kind[i] !== k)) continue;
    latencies.push(rec.latency[i]!);
    if (rec.failed[i]) failed += 1;
    if (rec.status[i]! >= 500) serverErrors += 1;
  }
  return {
    requests: latencies.length,
    rps: latencies.length / ((toMs - fromMs) / 1000),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    failed,
    serverErrors,
  };
}

/** A reading of the app process and Postgres, every few seconds. */
export interface Sample {
  /** ms since the run began */
  at: number;
  /** The app's resident memory (VmRSS), MiB; NaN when it could not be read. */
  rssMiB: number;
  /** Client connections to the soak's database (pg_stat_activity), the sampler's own not among them. */
  connections: number;
  /**
   * Where the machine's CPU went since the previous reading, in ms: the app, this database's
   * Postgres processes, the soak's own clients, and every other process (someone else's work on a
   * shared machine); `capacity` is the CPU the machine had in that time (wall time × cores).
   * Undefined for the first reading.
   */
  cpu?: { app: number; postgres: number; soak: number; other: number; capacity: number };
}

type Cpu = NonNullable<Sample['cpu']>;

/** The readings whose CPU (the 5 s before each) falls in [from, to). */
function cpuIn(samples: readonly Sample[], from: number, to: number): Cpu[] {
  return samples.flatMap((s) => (s.cpu && s.at > from + 1000 && s.at < to + 1000 ? [s.cpu] : []));
}

const total = (cpus: readonly Cpu[], f: (c: Cpu) => number) => cpus.reduce((sum, c) => sum + f(c), 0);

/** Each one's share of the machine, `app / PG / soak / other` in whole per cent of all cores. */
export function cpuCell(cpus: readonly Cpu[]): string {
  const capacity = total(cpus, (c) => c.capacity);
  if (cpus.length === 0 || !(capacity > 0)) return '–';
  return [total(cpus, (c) => c.app), total(cpus, (c) => c.postgres), total(cpus, (c) => c.soak), total(cpus, (c) => c.other)]
    .map((ms) => ((100 * ms) / capacity).toFixed(0))
    .join(' / ');
}

/**
 * CPU per request, `app / PG` in ms: the work the app and Postgres do for one request of the mix.
 * Unlike latency it does not grow when other processes take the machine, so a later window that is
 * slower with the same CPU per request was slowed by the machine, and one with more CPU per request
 * by the app.
 */
export function cpuPerRequestCell(cpus: readonly Cpu[], requests: number): string {
  if (cpus.length === 0 || requests === 0) return '–';
  return `${fmt(total(cpus, (c) => c.app) / requests, 2)} / ${fmt(total(cpus, (c) => c.postgres) / requests, 2)}`;
}

/** The stretches the criteria compare. */
export interface Windows {
  /** The whole run: [0, runMs). */
  runMs: number;
  first: { from: number; to: number };
  last: { from: number; to: number };
  /** Why these windows, in a few words for the report. */
  description: string;
  /**
   * Whether latency and memory trends are judged: not in a run shorter than 2 minutes (CI's
   * smoke), whose 20 s windows at 80 % of two cores put quiet runs anywhere from 0.7× to 1.3×.
   */
  judgesTrends: boolean;
}

/**
 * Two minutes or more: the first minute against the last one (issue 24's words). One minute: after
 * 10 s of warm-up, the first 20 s against the last 20 s ([10 s, 30 s) and [40 s, 60 s)).
 */
export function windowsFor(minutes: number): Windows {
  const runMs = minutes * 60_000;
  if (minutes >= 2) {
    return { runMs, first: { from: 0, to: 60_000 }, last: { from: runMs - 60_000, to: runMs }, description: 'minute 1 against the last minute', judgesTrends: true };
  }
  return {
    runMs,
    first: { from: 10_000, to: 30_000 },
    last: { from: runMs - 20_000, to: runMs },
    description: `a ${minutes}-minute run: the first 20 s after 10 s of warm-up (10–30 s) against the last 20 s (${(runMs - 20_000) / 1000}–${runMs / 1000} s)`,
    judgesTrends: false,
  };
}

export interface Limits {
  /** p95 of the last window at most this times the first's. */
  p95Ratio: number;
  /** RSS of the last window at most this much above the first's (0.1: 10 %). */
  rssGrowth: number;
  /** Connections left once the app has been idle past the pool's idle timeout: every client came back. */
  settledConnections: number;
}

export const LIMITS: Limits = { p95Ratio: 1.2, rssGrowth: 0.1, settledConnections: 2 };

export interface Criterion {
  name: string;
  value: string;
  pass: boolean;
  /** false: reported, not judged (a trend in a smoke run). */
  judged: boolean;
}

/**
 * Issue 24's criteria. RSS: the highest reading in the last window against the highest in the
 * first (the first window is the warm-up: code paths compiled, sharp and the password checker
 * loaded, the pools filled); highest against highest, so the garbage collector's sawtooth does not
 * decide. Connections: the app's pool (pg.Pool, DB_POOL_MAX) opens connections as requests need
 * them and closes those idle for 10 s, so under a steady load their number moves within the pool
 * (5–10 within one minute was measured) without anything leaking. A leak is either more
 * connections than the pool holds (someone opens their own) or pool clients never given back (they
 * are never idle, so they stay): hence every reading at most `poolMax`, and `settled` (read after
 * the load stopped and the pool's idle timeout passed) at most `limits.settledConnections`.
 */
export function judge(rec: Recorder, samples: readonly Sample[], w: Windows, pool: { poolMax: number; settled: number }, limits: Limits = LIMITS): Criterion[] {
  const all = summarize(rec, 0, Infinity);
  const first = summarize(rec, w.first.from, w.first.to);
  const last = summarize(rec, w.last.from, w.last.to);
  const ratio = last.p95 / first.p95;
  const rssIn = (from: number, to: number) => Math.max(...samples.filter((s) => s.at >= from && s.at < to + 1000 && Number.isFinite(s.rssMiB)).map((s) => s.rssMiB));
  const rssFirst = rssIn(w.first.from, w.first.to);
  const rssLast = rssIn(w.last.from, w.last.to);
  const growth = rssLast / rssFirst - 1;
  const readings = samples.map((s) => s.connections);
  const most = Math.max(...readings);
  return [
    { name: 'no 5xx', value: `${all.serverErrors} of ${all.requests}`, pass: all.requests > 0 && all.serverErrors === 0, judged: true },
    { name: 'no failed requests (network errors, timeouts, unexpected statuses)', value: `${all.failed} of ${all.requests}`, pass: all.requests > 0 && all.failed === 0, judged: true },
    {
      name: `p95 of the last window ≤ ${limits.p95Ratio}× the first (${w.description})`,
      value: `${fmt(last.p95)} ms against ${fmt(first.p95)} ms: ${fmt(ratio, 2)}×`,
      pass: Number.isFinite(ratio) && ratio <= limits.p95Ratio,
      judged: w.judgesTrends,
    },
    {
      name: `app RSS growth ≤ ${limits.rssGrowth * 100} % after warm-up (highest reading of the last window against the first's)`,
      value: `${fmt(rssFirst, 0)} MiB → ${fmt(rssLast, 0)} MiB: ${growth >= 0 ? '+' : ''}${fmt(growth * 100)} %`,
      pass: Number.isFinite(growth) && growth <= limits.rssGrowth,
      judged: w.judgesTrends,
    },
    {
      name: `Postgres connections flat: every reading within the app's pool (≤ DB_POOL_MAX ${pool.poolMax}), and ≤ ${limits.settledConnections} once idle past the pool's 10 s idle timeout`,
      value: readings.length > 0 ? `${Math.min(...readings)}–${most} during the run (max − min ${most - Math.min(...readings)}); ${pool.settled} after it` : 'no readings',
      pass: readings.length > 0 && most <= pool.poolMax && pool.settled <= limits.settledConnections,
      judged: true,
    },
  ];
}

/** The share of the machine's CPU (%) other processes took in readings within [from, to) (NaN without readings). */
export function otherCpu(samples: readonly Sample[], from: number, to: number): number {
  const cpus = cpuIn(samples, from, to);
  const capacity = total(cpus, (c) => c.capacity);
  return cpus.length === 0 || !(capacity > 0) ? NaN : (100 * total(cpus, (c) => c.other)) / capacity;
}

/**
 * How much of the machine others used, and what that means for the latency criterion: on a shared
 * machine a window in which other processes took more of the CPU is slower without the app being
 * any slower. A note, never a criterion.
 */
export function machineNote(samples: readonly Sample[], w: Windows): string {
  const run = otherCpu(samples, 0, w.runMs);
  const first = otherCpu(samples, w.first.from, w.first.to);
  const last = otherCpu(samples, w.last.from, w.last.to);
  if (!Number.isFinite(run)) return 'Other processes: not measured (no /proc).';
  const note = `Other processes (not the app, its Postgres or the soak) used ${fmt(run, 0)} % of the machine's CPU over the run (${fmt(first, 0)} % in the first window, ${fmt(last, 0)} % in the last).`;
  if (run < 10 && last - first < 10) return `${note} The machine was quiet.`;
  return (
    `${note} The machine was shared: the capacity probe and the run saw different machines, and ` +
    (last - first >= 10 ? 'the last window had less CPU left than the first, so a slower last window says as much about the machine as about the app.' : 'latency measures the machine as much as the app.')
  );
}

/** The per-minute table (per 20 s for a 1-minute run), Markdown. */
export function minuteTable(rec: Recorder, samples: readonly Sample[], minutes: number): string {
  const step = minutes >= 2 ? 60_000 : 20_000;
  const lines = [
    `| ${step === 60_000 ? 'Minute' : 'Seconds'} | Requests | req/s | p50 ms | p95 ms | p99 ms | Failed | 5xx | App RSS MiB (max) | PG connections (min–max) | CPU % app / PG / soak / other | CPU ms per request app / PG |`,
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|',
  ];
  for (let from = 0; from < minutes * 60_000; from += step) {
    const to = from + step;
    const s = summarize(rec, from, to);
    const inWindow = samples.filter((x) => x.at >= from && x.at < to + 1000);
    // A reading's CPU covers the 5 s before it: those taken after the window's start.
    const cpus = cpuIn(samples, from, to);
    const rss = Math.max(...inWindow.map((x) => x.rssMiB).filter(Number.isFinite));
    const conns = inWindow.map((x) => x.connections);
    const label = step === 60_000 ? String(from / 60_000 + 1) : `${from / 1000}–${to / 1000}`;
    lines.push(
      `| ${label} | ${s.requests} | ${fmt(s.rps)} | ${fmt(s.p50)} | ${fmt(s.p95)} | ${fmt(s.p99)} | ${s.failed} | ${s.serverErrors} | ${fmt(rss, 0)} | ${conns.length > 0 ? `${Math.min(...conns)}–${Math.max(...conns)}` : '–'} | ${cpuCell(cpus)} | ${cpuPerRequestCell(cpus, s.requests)} |`,
    );
  }
  return lines.join('\n');
}

/** Every kind over the whole run, and its p95 in the first and last windows, Markdown. */
export function kindTable(rec: Recorder, w: Windows): string {
  const lines = [
    '| Request | Count | p50 ms | p95 ms | p99 ms | Failed | 5xx | p95 first window | p95 last window |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const kind of rec.kinds) {
    const s = summarize(rec, 0, Infinity, kind);
    const first = summarize(rec, w.first.from, w.first.to, kind);
    const last = summarize(rec, w.last.from, w.last.to, kind);
    lines.push(`| ${kind} | ${s.requests} | ${fmt(s.p50)} | ${fmt(s.p95)} | ${fmt(s.p99)} | ${s.failed} | ${s.serverErrors} | ${fmt(first.p95)} | ${fmt(last.p95)} |`);
  }
  return lines.join('\n');
}
