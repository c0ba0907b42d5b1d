/**
 * The soak (issue 24): `npm run soak -- --minutes 10`. Proves the app stays fast under a steady,
 * realistic load: a fresh database on an external Postgres (SOAK_DATABASE_URL or --database-url,
 * the admin connection; default postgres://postgres@127.0.0.1:5432/postgres), migrated by the built
 * command line, a community of sample members with virtual users among them
 * (community.ts), the BUILT server (`npm start`'s dist/, rebuilt first when stale) as a child
 * process with production settings, then
 *   1. a capacity probe: 8 virtual users in a closed loop for --probe-seconds (20) after 5 s
 *      unmeasured, giving the mix's actions (and requests) a second;
 *   2. the run: actions arrive at --load (0.8) of that rate for --minutes (10), open loop, on a
 *      fixed schedule, so a slow server shows as latency and never as fewer requests.
 * Every 5 s it reads the app's RSS and the database's connections. It prints a table per minute
 * and the criteria, and exits 1 when one fails. The database and the data directory are removed at
 * the end, also on failure or Ctrl-C. The mix, the settings and the criteria:
 * docs/benchmarks-soak.md.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';
import sharp from 'sharp';
import { SMTPServer } from 'smtp-server';

import { hashPassword } from '../../server/src/auth/passwords.js';
import { projectRoot } from '../../server/src/paths.js';
import { SEARCH_QUERIES } from '../search-bench/sample-members.js';
import { loadCommunity } from './community.js';
import { HttpClient, REQUEST_TIMEOUT_MS } from './http.js';
import { rssMiB, Sampler } from './sampler.js';
import { Deck, MIX, runAction, seededRandom, signIn, type SoakWorld, UserPool, type VirtualUser } from './scenarios.js';
import { judge, kindTable, LIMITS, machineNote, minuteTable, Recorder, summarize, windowsFor } from './stats.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : process.argv.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}

function wholeNumber(name: string, fallback: number, min = 1): number {
  const value = Number(arg(name) ?? fallback);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} wants a whole number of at least ${min}, got ${arg(name)}`);
  return value;
}

const ADMIN_URL = arg('--database-url') ?? process.env.SOAK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MINUTES = wholeNumber('--minutes', 10);
/** Members in the community, the virtual users among them. */
const MEMBERS = wholeNumber('--members', 3000);
const USERS = wholeNumber('--users', 100, 2);
const PROBE_SECONDS = wholeNumber('--probe-seconds', 20);
const PROBE_WARM_UP_MS = 5000;
const PROBE_CLIENTS = 8;
const LOAD = Number(arg('--load') ?? 0.8);
const SEED = wholeNumber('--seed', 24, 0);
const PASSWORD = 'soak-maple-orbit-lantern';
const MAIL_DOMAIN = 'kindred.local';
/** How long the actions under way at the end may take: three requests of REQUEST_TIMEOUT_MS at most. */
const DRAIN_MS = 3 * REQUEST_TIMEOUT_MS + 5000;
/** The app's pool size (DB_POOL_MAX), set explicitly at its default. */
const POOL_MAX = 10;

const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const startedAt = performance.now();
const log = (line: string) => process.stderr.write(`soak [${((performance.now() - startedAt) / 1000).toFixed(0).padStart(3)} s]: ${line}\n`);

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A real SMTP server that takes the notification mails and keeps only their number. */
async function startMailSink(): Promise<{ port: number; received: () => number; close: () => Promise<void> }> {
  let received = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return {
    port: (smtp.server.address() as AddressInfo).port,
    received: () => received,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** Phone-like photos (1280 × 960 JPEG, a few hundred KB) to upload, made once with sharp. */
async function makePhotos(count: number): Promise<Buffer[]> {
  const random = seededRandom(SEED);
  const photos: Buffer[] = [];
  for (let p = 0; p < count; p += 1) {
    // A coarse random field, enlarged smoothly, with fine grain on top: compresses like a photo.
    const small = Buffer.alloc(32 * 24 * 3);
    for (let i = 0; i < small.length; i += 1) small[i] = Math.floor(random() * 256);
    const base = await sharp(small, { raw: { width: 32, height: 24, channels: 3 } }).resize(1280, 960, { kernel: 'cubic' }).raw().toBuffer();
    for (let i = 0; i < base.length; i += 1) base[i] = Math.max(0, Math.min(255, base[i]! + Math.floor(random() * 24) - 12));
    photos.push(await sharp(base, { raw: { width: 1280, height: 960, channels: 3 } }).jpeg({ quality: 88 }).toBuffer());
  }
  return photos;
}

interface ServerProcess {
  base: string;
  pid: number;
  /** Lines the app logged (warn and above at LOG_LEVEL=warn), counted by level. */
  logged: { warn: number; error: number; fatal: number; first: string[] };
  stop(): Promise<{ code: number | null; ms: number }>;
}

const PINO_LEVELS: Record<number, 'warn' | 'error' | 'fatal'> = { 40: 'warn', 50: 'error', 60: 'fatal' };

/** The built server, as `npm start` runs it (node dist/server/src/main.js), in its own process. */
async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [path.join(projectRoot, 'dist', 'server', 'src', 'main.js')], {
    cwd: projectRoot,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logged: ServerProcess['logged'] = { warn: 0, error: 0, fatal: 0, first: [] };
  const read = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      let level: 'warn' | 'error' | 'fatal' = 'error';
      try {
        level = PINO_LEVELS[(JSON.parse(line) as { level?: number }).level ?? 50] ?? 'error';
      } catch {
        // not pino's JSON (a crash's stack trace): counted as an error
      }
      logged[level] += 1;
      if (logged.first.length < 10) logged.first.push(line.slice(0, 400));
    }
  };
  child.stdout!.on('data', read);
  child.stderr!.on('data', read);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    const t0 = performance.now();
    if (child.exitCode === null) child.kill('SIGTERM');
    const code = await exited;
    return { code, ms: performance.now() - t0 };
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}: ${logged.first.join('\n')}`);
    const ready = await fetch(`${base}/readyz`).then((r) => r.ok, () => false);
    if (ready) return { base, pid: child.pid!, logged, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the server did not become ready within 60 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const probeFailures = (rec: Recorder) => rec.failures.slice(0, 5).join('; ') || 'none recorded';

/** Runs `task` over `items`, at most `limit` at once. */
async function eachLimit<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

/** The closed loop: PROBE_CLIENTS virtual users, each starting its next action when the last is answered. */
async function probe(world: SoakWorld, pool: UserPool, deck: Deck): Promise<{ actionsPerSecond: number; requestsPerSecond: number; p95: number; failed: number; serverErrors: number }> {
  const measureFrom = world.t0 + PROBE_WARM_UP_MS;
  const end = measureFrom + PROBE_SECONDS * 1000;
  let actions = 0;
  await Promise.all(
    Array.from({ length: PROBE_CLIENTS }, async () => {
      while (performance.now() < end) {
        const vu = await pool.acquire();
        if (!vu) break;
        const started = performance.now();
        try {
          await runAction(world, vu, deck.next(), started);
        } finally {
          pool.release(vu);
        }
        if (started >= measureFrom && performance.now() <= end) actions += 1;
      }
    }),
  );
  const s = summarize(world.recorder, PROBE_WARM_UP_MS, PROBE_WARM_UP_MS + PROBE_SECONDS * 1000);
  const all = summarize(world.recorder, 0, Infinity);
  return { actionsPerSecond: actions / PROBE_SECONDS, requestsPerSecond: s.rps, p95: s.p95, failed: all.failed, serverErrors: all.serverErrors };
}

/**
 * The open loop: action k is due at k / rate seconds, whether or not earlier ones were answered;
 * each takes a free virtual user (or waits for one: the wait counts in its latency). At the end,
 * actions still waiting for a user are not sent (counted: the server fell behind), and those under
 * way are answered (each request has REQUEST_TIMEOUT_MS) before the server is stopped, so that
 * stopping it fails no request.
 */
async function openLoop(world: SoakWorld, pool: UserPool, deck: Deck, rate: number, runMs: number): Promise<{ actions: number; notSent: number; drained: boolean }> {
  const inFlight = new Set<Promise<void>>();
  let k = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const elapsed = performance.now() - world.t0;
      for (;;) {
        const dueMs = (k * 1000) / rate;
        if (dueMs >= runMs || dueMs > elapsed) break;
        k += 1;
        const due = world.t0 + dueMs;
        const action = deck.next();
        const running = pool.acquire().then(async (vu) => {
          if (!vu) {
            // Never sent: it counts as failed, with the time it waited (at least) as its latency.
            world.recorder.add({ kind: 'not sent', at: dueMs, latencyMs: performance.now() - due, status: 0, failed: true }, `${action}: every virtual user was busy until the end`);
            return;
          }
          try {
            await runAction(world, vu, action, due);
          } finally {
            pool.release(vu);
          }
        });
        inFlight.add(running);
        void running.finally(() => inFlight.delete(running));
      }
      const nextMs = (k * 1000) / rate;
      if (nextMs >= runMs) return resolve();
      setTimeout(tick, Math.max(0, nextMs - (performance.now() - world.t0)));
    };
    tick();
  });
  const notSent = pool.close();
  const drained = await Promise.race([Promise.all(inFlight).then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), DRAIN_MS).unref())]);
  return { actions: k, notSent, drained };
}

/** The tables Postgres read most row by row (sequential scans): where a query without an index grows with the data. */
async function tableReads(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ relname: string; n_live_tup: string; n_dead_tup: string; seq_scan: string; seq_tup_read: string; idx_scan: string | null }>(
      `SELECT relname, n_live_tup, n_dead_tup, seq_scan, seq_tup_read, idx_scan FROM pg_stat_user_tables ORDER BY seq_tup_read DESC LIMIT 5`,
    );
    return [
      '| Table | Rows (dead) at the end | Sequential scans | Rows they read | Index scans |',
      '|---|---:|---:|---:|---:|',
      ...rows.map((r) => `| ${r.relname} | ${r.n_live_tup} (${r.n_dead_tup}) | ${r.seq_scan} | ${Number(r.seq_tup_read).toLocaleString('en')} | ${r.idx_scan ?? '–'} |`),
    ].join('\n');
  } finally {
    await client.end();
  }
}

function machine(): string {
  const cpu = readFileSync('/proc/cpuinfo', 'utf8').match(/^model name\s*:\s*(.+)$/m)?.[1] ?? os.cpus()[0]?.model ?? 'unknown';
  return `${os.availableParallelism()} CPUs (${cpu}), ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} at the start`;
}

async function main(): Promise<void> {
  if (!(LOAD > 0 && LOAD <= 1.5)) throw new Error('--load wants a fraction of the measured capacity, such as 0.8');
  if (USERS > MEMBERS) throw new Error('--users cannot be more than --members');
  const started = startedAt;
  const machineAtStart = machine();
  const startedUtc = `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const cleanups: Array<() => Promise<void>> = [];
  const cleanUp = async () => {
    for (const c of cleanups.splice(0).reverse()) await c().catch((error: unknown) => log(`cleaning up: ${String(error)}`));
  };
  let interrupted = false;
  const onSignal = (signal: string) => {
    if (interrupted) return;
    interrupted = true;
    log(`${signal}: stopping the server and dropping the soak database…`);
    void cleanUp().finally(() => process.exit(130));
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));

  try {
    // As `npm start`: build when the sources changed since the last build (CI has just built).
    const build = spawnSync(process.execPath, [path.join(projectRoot, 'scripts', 'build-if-stale.mjs')], { cwd: projectRoot, stdio: ['ignore', 'ignore', 'inherit'] });
    if (build.status !== 0) throw new Error('the build failed');

    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    cleanups.push(() => admin.end());
    const { rows: version } = await admin.query<{ v: string; buffers: string; max: string }>(
      `SELECT current_setting('server_version') AS v, current_setting('shared_buffers') AS buffers, current_setting('max_connections') AS max`,
    );
    const dbName = `kindred_soak_${process.pid}`;
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${dbName}`);
    cleanups.push(async () => void (await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`)));
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kindred-soak-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const url = withDatabase(ADMIN_URL, dbName);

    const mail = await startMailSink();
    cleanups.push(mail.close);
    const env: Record<string, string> = {
      NODE_ENV: 'production',
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      AI_PROVIDER: 'builtin',
      DB_POOL_MAX: String(POOL_MAX),
      SESSION_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: 'https://soak.kindred.local',
      MAIL_DOMAIN,
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      // Behind a proxy, as production runs: the soak sends what the proxy would (X-Forwarded-*).
      TRUST_PROXY: '1',
      // The product's per-member limits, raised so that they do not answer 429 to a mix that sends
      // each virtual user's share of a whole campus's traffic (docs/benchmarks-soak.md).
      RATE_LIMIT_SEARCH_USER: '1000000/1h',
      RATE_LIMIT_MESSAGE_USER: '1000000/1h',
      RATE_LIMIT_UPLOAD_USER: '1000000/1h',
      RATE_LIMIT_LOGIN_IP: '1000000/15m',
      RATE_LIMIT_LOGIN_ACCOUNT: '1000000/15m',
      SEARCH_FREE_DAILY: '10000',
    };

    log(`migrating ${dbName} with the built command line…`);
    const migrate = spawnSync(process.execPath, [path.join(projectRoot, 'dist', 'cli', 'src', 'index.js'), 'migrate', 'up'], {
      cwd: projectRoot,
      env: { ...process.env, ...env },
      encoding: 'utf8',
    });
    if (migrate.status !== 0) throw new Error(`migrate up failed: ${migrate.stderr || migrate.stdout}`);

    log(`loading ${MEMBERS} members (${USERS} of them virtual users)…`);
    const loader = new pg.Pool({ connectionString: url, max: 2 });
    const community = await loadCommunity(loader, { members: MEMBERS, users: USERS, passwordHash: await hashPassword(PASSWORD), mailDomain: MAIL_DOMAIN }).finally(() => loader.end());
    const photos = await makePhotos(6);
    log(`loaded in ${secs(community.loadMs)} (${community.moments} text moments); starting the built server…`);

    const server = await startServer(env);
    cleanups.push(async () => void (await server.stop()));
    const client = new HttpClient(server.base);
    cleanups.push(async () => client.close());
    const world: SoakWorld = {
      client,
      password: PASSWORD,
      users: community.users,
      profileIds: community.profileIds,
      photos,
      queries: SEARCH_QUERIES,
      recorder: new Recorder(),
      t0: performance.now(),
      random: seededRandom(SEED),
    };
    log(`signing in ${USERS} virtual users…`);
    await eachLimit(community.users, 4, (vu: VirtualUser) => signIn(client, vu, PASSWORD));
    const pool = new UserPool(community.users, world.random);
    const deck = new Deck(world.random);

    log(`capacity probe: ${PROBE_CLIENTS} virtual users, closed loop, ${PROBE_WARM_UP_MS / 1000} s unmeasured then ${PROBE_SECONDS} s…`);
    world.t0 = performance.now();
    const capacity = await probe(world, pool, deck);
    if (!(capacity.actionsPerSecond > 0)) throw new Error(`the capacity probe finished no action (${capacity.failed} failed requests): ${probeFailures(world.recorder)}`);
    const rate = capacity.actionsPerSecond * LOAD;
    const rssAfterProbe = rssMiB(server.pid);
    log(
      `capacity ${capacity.actionsPerSecond.toFixed(1)} actions/s (${capacity.requestsPerSecond.toFixed(1)} requests/s, p95 ${capacity.p95.toFixed(1)} ms); ` +
        `running ${MINUTES} min at ${rate.toFixed(1)} actions/s (${Math.round(LOAD * 100)} %)…`,
    );

    const probeRecorder = world.recorder;
    world.recorder = new Recorder();
    const sampler = new Sampler(admin, dbName, server.pid);
    const runMs = MINUTES * 60_000;
    world.t0 = performance.now();
    sampler.start(world.t0);
    const progress = setInterval(() => {
      const s = summarize(world.recorder, Math.max(0, performance.now() - world.t0 - 60_000), Infinity);
      log(`${secs(performance.now() - world.t0)}: last minute p95 ${s.p95.toFixed(1)} ms, ${s.failed} failed, RSS ${rssMiB(server.pid).toFixed(0)} MiB`);
    }, 60_000);
    const run = await openLoop(world, pool, deck, rate, runMs);
    clearInterval(progress);
    await sampler.stop();
    // Every pool client given back closes after 10 s idle (pg.Pool's idleTimeoutMillis); what stays was never given back.
    log('the load has stopped; waiting 15 s for idle connections to close…');
    await new Promise((resolve) => setTimeout(resolve, 15_000));
    const settled = (await sampler.read()).connections;
    const reads = await tableReads(url);
    const stopped = await server.stop();

    // ── Report ──
    const w = windowsFor(MINUTES);
    const criteria = judge(world.recorder, sampler.samples, w, { poolMax: POOL_MAX, settled });
    const total = summarize(world.recorder, 0, Infinity);
    const lines: string[] = [];
    lines.push(`# Soak: ${MINUTES} min at ${Math.round(LOAD * 100)} % of the measured capacity`);
    lines.push('');
    lines.push(`Started ${startedUtc}; ${machineAtStart}; Node ${process.version}; PostgreSQL ${version[0]!.v} (shared_buffers ${version[0]!.buffers}, max_connections ${version[0]!.max}).`);
    lines.push(`Community: ${MEMBERS} members, ${USERS} of them virtual users (half premium), ${community.moments} text moments; the built server with NODE_ENV=production, DB_POOL_MAX ${POOL_MAX} (the default).`);
    lines.push('');
    lines.push(
      `Capacity probe (${PROBE_CLIENTS} virtual users, closed loop, ${PROBE_SECONDS} s after ${PROBE_WARM_UP_MS / 1000} s): ${capacity.actionsPerSecond.toFixed(1)} actions/s = ` +
        `${capacity.requestsPerSecond.toFixed(1)} requests/s, p95 ${capacity.p95.toFixed(1)} ms, ${capacity.failed} failed, ${capacity.serverErrors} 5xx (of ${probeRecorder.size}); app RSS after it ${rssAfterProbe.toFixed(0)} MiB.`,
    );
    lines.push(
      `Run: ${run.actions} actions due at ${rate.toFixed(1)}/s (${Math.round(LOAD * 100)} %), ${total.requests} requests (${(total.requests / (runMs / 1000)).toFixed(1)}/s); ` +
        `${pool.waits} actions waited for a free virtual user, ${run.notSent} were still waiting at the end and not sent; ` +
        `${run.drained ? 'every action under way was answered' : `actions under way still unanswered ${DRAIN_MS / 1000} s after the end`}. ` +
        `Mail delivered to the SMTP sink: ${mail.received()}. The app logged ${server.logged.warn} warnings and ${server.logged.error + server.logged.fatal} errors; ` +
        `SIGTERM to exit ${secs(stopped.ms)} (code ${stopped.code}).`,
    );
    lines.push(`The mix per 100 actions: ${MIX.map((m) => `${m.action} ${m.weight}`).join(', ')}.`);
    lines.push('');
    lines.push('Latency is from when a request was due (open loop: its action\'s arrival time) to the end of its answer.');
    lines.push('');
    lines.push(minuteTable(world.recorder, sampler.samples, MINUTES));
    lines.push('');
    lines.push(kindTable(world.recorder, w));
    lines.push('');
    lines.push('The tables Postgres read most by sequential scans (probe and run):');
    lines.push('');
    lines.push(reads);
    lines.push('');
    for (const c of criteria) lines.push(`- ${c.pass ? 'PASS' : c.judged ? 'FAIL' : 'not judged in a smoke under 2 minutes:'} ${c.name}: ${c.value}`);
    lines.push('', machineNote(sampler.samples, w));
    const failures = [...probeRecorder.failures.map((f) => `probe ${f}`), ...world.recorder.failures];
    if (failures.length > 0) lines.push('', 'First failed requests:', ...failures.slice(0, 20).map((f) => `  ${f}`));
    if (server.logged.first.length > 0) lines.push('', 'First lines the app logged:', ...server.logged.first.map((l) => `  ${l}`));
    if (run.notSent > 0) lines.push('', `${run.notSent} actions due in the run were never sent (every virtual user was busy waiting for the server until the end): each counts as a failed request ("not sent") with the time it waited as its latency.`);
    const passed = criteria.every((c) => c.pass || !c.judged) && run.drained && run.notSent === 0;
    lines.push('', `${passed ? 'PASSED' : 'FAILED'} (whole soak ${secs(performance.now() - started)}; limits: ${JSON.stringify(LIMITS)})`);
    console.log(lines.join('\n'));
    if (!passed) process.exitCode = 1;
  } finally {
    await cleanUp();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
