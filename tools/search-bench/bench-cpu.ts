/**
 * CPU time spent by the processes a benchmark level involves, read from /proc (Linux): the app's
 * server process, every Postgres process on this machine and the benchmark itself. On two cores a
 * closed loop of clients is CPU-bound, so CPU per request says where a request's cost is, and it is
 * steadier than latency on a machine whose speed drifts.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Kernel clock ticks per second for /proc/<pid>/stat times (USER_HZ; 100 on Linux x86-64 and arm64). */
const TICKS_PER_SECOND = 100;

export interface CpuSnapshot {
  server: number;
  /** Per Postgres process (pid → ms): backends come and go, so only each one's own growth counts. */
  postgres: Map<string, number>;
  self: number;
}

export interface CpuPerRequest {
  /** ms of CPU per request; NaN where it could not be read (no /proc, or Postgres on another machine). */
  server: number;
  postgres: number;
  clients: number;
}

/** User + system CPU of a process in ms, or undefined when it is gone or /proc is not there. */
function processCpuMs(pid: string): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after "pid (comm) ": state is the first; utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

function postgresProcesses(): Map<string, number> {
  const found = new Map<string, number>();
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return found;
  }
  for (const pid of pids) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue;
    }
    const ms = processCpuMs(pid);
    if (ms !== undefined) found.set(pid, ms);
  }
  return found;
}

export function cpuSnapshot(serverPid: number | undefined): CpuSnapshot {
  const usage = process.cpuUsage();
  return {
    server: serverPid === undefined ? NaN : (processCpuMs(String(serverPid)) ?? NaN),
    postgres: postgresProcesses(),
    self: (usage.user + usage.system) / 1000,
  };
}

/** CPU per request between two snapshots; Postgres is NaN when no Postgres process runs here. */
export function cpuPerRequest(before: CpuSnapshot, after: CpuSnapshot, requests: number): CpuPerRequest {
  let postgres = 0;
  for (const [pid, ms] of after.postgres) postgres += ms - (before.postgres.get(pid) ?? 0);
  return {
    server: (after.server - before.server) / requests,
    postgres: after.postgres.size === 0 ? NaN : postgres / requests,
    clients: (after.self - before.self) / requests,
  };
}
