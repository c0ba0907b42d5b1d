import type { NextFunction, Request, Response } from 'express';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

import type { ReplicaState, ReplicaStatus } from '../../db/read-routing.js';
import type { MetricsRepository } from './metrics.repository.js';

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * The route pattern that answered. Express has reset req.baseUrl by the time the response ends, and
 * every router of this app is mounted at / or /api, so the prefix is read off the URL.
 */
function routeOf(req: Request): string {
  if (req.route) {
    const pattern = String((req.route as { path: unknown }).path);
    return req.originalUrl.startsWith('/api/') && !pattern.startsWith('/api/') ? `/api${pattern}` : pattern;
  }
  return req.originalUrl.startsWith('/uploads/') ? '/uploads/:key' : 'other';
}

/**
 * Prometheus metrics of one app process: request latency by route, search latency, and, read at
 * each scrape, job runs, the mail queue and the database pool. One registry per app (never the
 * global one), so several apps in one test process do not collide.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly httpSeconds: Histogram<'method' | 'route' | 'status'>;
  readonly searchSeconds: Histogram<'outcome'>;
  readonly errors: Counter<'route'>;

  constructor(deps: { pool: pg.Pool; repository: MetricsRepository; replica?: () => ReplicaState | undefined }) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'kindred_' });
    // prom-client's nodejs_active_{handles,requests,resources}_total are gauges named like
    // counters, which `promtool check metrics` rejects; each is only the sum of the labelled gauge
    // beside it (sum(kindred_nodejs_active_handles)), so they go.
    for (const kind of ['handles', 'requests', 'resources']) this.registry.removeSingleMetric(`kindred_nodejs_active_${kind}_total`);
    this.httpSeconds = new Histogram({
      name: 'kindred_http_request_duration_seconds',
      help: 'HTTP request latency by method, route pattern and status class',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.searchSeconds = new Histogram({
      name: 'kindred_search_duration_seconds',
      help: 'Search latency (query understanding, vector and text retrieval, ranking, reasons)',
      labelNames: ['outcome'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.errors = new Counter({ name: 'kindred_http_server_errors_total', help: 'Responses with a 5xx status, by route pattern', labelNames: ['route'], registers });
    new Gauge({
      name: 'kindred_db_pool_connections',
      help: 'Database pool connections by state (total, idle, waiting requests)',
      labelNames: ['state'],
      registers,
      collect() {
        this.set({ state: 'total' }, deps.pool.totalCount);
        this.set({ state: 'idle' }, deps.pool.idleCount);
        this.set({ state: 'waiting' }, deps.pool.waitingCount);
      },
    });
    new Gauge({
      name: 'kindred_job_runs',
      help: 'Batch job runs by job and state (running = in progress now)',
      labelNames: ['job', 'state'],
      registers,
      async collect() {
        this.reset();
        for (const { name, state, n } of await deps.repository.jobRuns()) this.set({ job: name, state }, n);
      },
    });
    new Gauge({
      name: 'kindred_mail_queue',
      help: 'Outgoing mail by state (queued = waiting for delivery)',
      labelNames: ['state'],
      registers,
      async collect() {
        // Every state, zero included, so an alert on queued > N has a series to read.
        for (const state of ['queued', 'sending', 'sent', 'failed']) this.set({ state }, 0);
        for (const { state, n } of await deps.repository.outgoingMail()) this.set({ state }, n);
      },
    });
    if (deps.replica) replicaMetrics(deps.replica, registers);
  }

  /** Times every request; the route is Express's pattern (/api/profiles/:profileId), never the raw URL, so labels stay few. */
  middleware() {
    return (req: Request, res: Response, next: NextFunction): void => {
      const end = this.httpSeconds.startTimer({ method: req.method });
      res.on('finish', () => {
        const route = routeOf(req);
        end({ route, status: `${Math.floor(res.statusCode / 100)}xx` });
        if (res.statusCode >= 500) this.errors.inc({ route });
      });
      next();
    };
  }
}

const REPLICA_STATUSES: ReplicaStatus[] = ['starting', 'in-use', 'stale', 'down', 'not-a-replica'];

/** The read replica's state, lag and how many reads it took, as of each scrape (db/read-routing.ts). */
function replicaMetrics(state: () => ReplicaState | undefined, registers: Registry[]): void {
  new Gauge({
    name: 'kindred_replica_status',
    help: 'The read replica\'s status: 1 for the current one (in-use = reads go there)',
    labelNames: ['status'],
    registers,
    collect() {
      const status = state()?.status;
      for (const each of REPLICA_STATUSES) this.set({ status: each }, each === status ? 1 : 0);
    },
  });
  new Gauge({
    name: 'kindred_replica_lag_seconds',
    help: 'How far the read replica was behind the primary at its last check (NaN before one succeeded)',
    registers,
    collect() {
      const lagMs = state()?.lagMs;
      this.set(lagMs === null || lagMs === undefined ? Number.NaN : lagMs / 1000);
    },
  });
  new Counter({
    name: 'kindred_replica_reads_total',
    help: 'Reads that may use the replica, by where they went (fallback = a replica statement the primary answered)',
    labelNames: ['target'],
    registers,
    collect() {
      const reads = state()?.reads;
      this.reset();
      if (!reads) return;
      this.inc({ target: 'replica' }, reads.replica);
      this.inc({ target: 'primary' }, reads.primary);
      this.inc({ target: 'fallback' }, reads.fallbacks);
    },
  });
}
