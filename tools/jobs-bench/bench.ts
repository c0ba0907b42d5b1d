/**
 * Maintenance jobs at scale: `npm run bench:jobs -- --profiles 100000 --standin 2000 --demo 10000`
 *
 * On an external Postgres (BENCH_DATABASE_URL, default the provisioned one, used as the admin
 * connection), in throwaway databases dropped at the end:
 *   1. `--profiles N` members bulk-loaded (tools/search-bench/sample-members.ts), every vector current;
 *      then through the command line, as cron and operators run them:
 *      - `jobs run regenerate-embeddings`: the nightly pass over N current members;
 *      - `jobs run regenerate-embeddings --force`: all N embedded again, once per `--pauses`
 *        setting (JOB_PAUSE_MS), while 2 clients search the running app: search latency idle
 *        and during the run;
 *      - the forced run killed with SIGKILL a third of the way, then resumed.
 *   2. `--standin M` members regenerated for a new model served by an Ollama stand-in that answers
 *      each call after `--standin-ms` (200: a GPU-class model), showing the batching.
 *   3. `seed --demo D` into an empty database.
 * Prints a Markdown table of numbers, never pass or fail. CI runs it small.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { embedTexts } from '../../server/src/ai/builtin/embedding/index.js';
import { hashPassword } from '../../server/src/auth/passwords.js';
import { projectRoot } from '../../server/src/paths.js';
import { pause, startOllamaStandIn } from '../../server/test/ollama-standin.js';
import { buildHnswIndex, dropHnswIndex, insertMembers, loadSampleMembers, sampleMember, SEARCH_QUERIES } from '../search-bench/sample-members.js';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PROFILES = Number(arg('--profiles') ?? 100_000);
const STANDIN_MEMBERS = Number(arg('--standin') ?? 2000);
const STANDIN_MS = Number(arg('--standin-ms') ?? 200);
const DEMO = Number(arg('--demo') ?? 10_000);
const PAUSES = (arg('--pauses') ?? '0,200').split(',').map(Number);
/** Idle search measured this long before each forced run. */
const IDLE_MS = Number(arg('--idle-seconds') ?? 10) * 1000;
const SEARCH_CLIENTS = 2;
const PASSWORD = 'bench-password';
const SEARCHER = 'searcher@bench.kindred.local';
const STANDIN_MODEL = 'bench-standin-embed';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const rows: { step: string; seconds: string; notes: string }[] = [];
const record = (step: string, ms: number, notes = '') => {
  rows.push({ step, seconds: (ms / 1000).toFixed(1), notes });
  process.stderr.write(`  ${step}: ${(ms / 1000).toFixed(1)} s ${notes}\n`);
};

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function withDatabase(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

// ── The command line and the app, each in its own process ───────────────────────────────────

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kindred-jobs-bench-'));

function envFor(database: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, DATABASE_URL: withDatabase(database), DATA_DIR: dataDir, LOG_LEVEL: 'warn', AI_PROVIDER: 'builtin', ...extra };
}

function cli(database: string, args: string[], extra: Record<string, string> = {}): ChildProcess & { done: Promise<number> } {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'cli', 'src', 'index.ts'), ...args], {
    env: envFor(database, extra),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // Its progress lines are noise here; what it says is printed when it fails.
  let said = '';
  child.stderr!.on('data', (chunk: Buffer) => (said = (said + chunk.toString()).slice(-4000)));
  const done = new Promise<number>((resolve) =>
    child.once('exit', (code, signal) => {
      if (code !== 0 && !signal) process.stderr.write(said);
      resolve(code ?? (signal ? 128 : 1));
    }),
  );
  return Object.assign(child, { done });
}

/** Runs a CLI command to its end; returns its wall time (ms), failing on a non-zero exit. */
async function timedCli(database: string, args: string[], extra: Record<string, string> = {}): Promise<number> {
  const t0 = performance.now();
  const code = await cli(database, args, extra).done;
  if (code !== 0) throw new Error(`cli ${args.join(' ')} exited with ${code}`);
  return performance.now() - t0;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startApp(database: string): Promise<{ base: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'server', 'src', 'main.ts')], {
    // The bench's searcher searches all day: the per-member search limit would answer 429.
    env: { ...envFor(database), PORT: String(port), RATE_LIMIT_SEARCH_USER: '100000000/1h' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  const base = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 60_000; ; ) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}`);
    if (await fetch(`${base}/readyz`).then((r) => r.ok, () => false)) return { base, stop };
    if (Date.now() > deadline) throw new Error('the app did not become ready in 60 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Searches from `clients` signed-in clients until `until` resolves; returns each search's ms. */
async function searchUntil(base: string, until: Promise<unknown>): Promise<number[]> {
  const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: SEARCHER, password: PASSWORD }) });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  let stopped = false;
  void until.finally(() => (stopped = true));
  const latencies: number[] = [];
  let i = 0;
  await Promise.all(
    Array.from({ length: SEARCH_CLIENTS }, async () => {
      while (!stopped) {
        const t0 = performance.now();
        const res = await fetch(`${base}/api/search`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ query: SEARCH_QUERIES[i++ % SEARCH_QUERIES.length] }) });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`search failed: ${res.status}`);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return latencies;
}

const latencyNote = (ms: readonly number[]) => `search p50 ${percentile(ms, 50).toFixed(1)} ms, p95 ${percentile(ms, 95).toFixed(1)} ms (${ms.length} searches)`;

// ── The steps ───────────────────────────────────────────────────────────────────────────────

async function createDatabase(admin: pg.Client, name: string): Promise<void> {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await timedCli(name, ['migrate', 'up']);
}

/** n current members plus the searcher (premium, with a password), the index built after. */
async function loadMembers(name: string, n: number): Promise<number> {
  const pool = new pg.Pool({ connectionString: withDatabase(name), max: 4 });
  try {
    const t0 = performance.now();
    const ddl = await dropHnswIndex(pool);
    await insertMembers(pool, [sampleMember(0, SEARCHER, await hashPassword(PASSWORD))]);
    await pool.query(`UPDATE profiles SET is_vip = true, vip_expires_at = NULL, premium_type = 'paid' WHERE user_id = (SELECT id FROM users WHERE email = $1)`, [SEARCHER]);
    await loadSampleMembers(pool, { from: 1, count: n, email: (i) => `bench+${i}@kindred.local`, passwordHash: 'not-a-real-hash' });
    await buildHnswIndex(pool, ddl);
    await pool.query('VACUUM ANALYZE');
    await pool.query('CHECKPOINT');
    return performance.now() - t0;
  } finally {
    await pool.end();
  }
}

async function lastRun(name: string, job: string): Promise<{ ms: number; total: number; succeeded: number; failed: number; items: number; distinct: number }> {
  const client = new pg.Client({ connectionString: withDatabase(name) });
  await client.connect();
  try {
    const { rows: runs } = await client.query(
      `SELECT r.total, r.succeeded, r.failed, extract(epoch FROM r.finished_at - r.started_at) * 1000 AS ms,
         (SELECT count(*) FROM job_run_items i WHERE i.run_id = r.id)::int AS items,
         (SELECT count(DISTINCT item_key) FROM job_run_items i WHERE i.run_id = r.id)::int AS distinct
       FROM job_runs r WHERE name = $1 ORDER BY started_at DESC LIMIT 1`,
      [job],
    );
    return { ...runs[0], ms: Number(runs[0].ms) };
  } finally {
    await client.end();
  }
}

async function jobsAtScale(admin: pg.Client): Promise<void> {
  const db = `kindred_bench_jobs_${PROFILES}`;
  await createDatabase(admin, db);
  record(`load ${PROFILES.toLocaleString('en')} members (bulk loader, index built after)`, await loadMembers(db, PROFILES));

  const nightlyWall = await timedCli(db, ['jobs', 'run', 'regenerate-embeddings']);
  const nightly = await lastRun(db, 'regenerate-embeddings');
  record('`jobs run regenerate-embeddings`, every vector current (the nightly pass): the job', nightly.ms, `${nightly.total} planned; ${(nightlyWall / 1000).toFixed(1)} s with the command line's start`);

  for (const pauseMs of PAUSES) {
    const app = await startApp(db);
    try {
      const idle = await searchUntil(app.base, new Promise((resolve) => setTimeout(resolve, IDLE_MS)));
      const run = cli(db, ['jobs', 'run', 'regenerate-embeddings', '--force'], { JOB_PAUSE_MS: String(pauseMs) });
      const during = await searchUntil(app.base, run.done);
      if ((await run.done) !== 0) throw new Error('the forced regeneration failed');
      const forced = await lastRun(db, 'regenerate-embeddings');
      record(`\`jobs run regenerate-embeddings --force\`, JOB_PAUSE_MS=${pauseMs}: the job`, forced.ms, `${forced.succeeded}/${forced.total} embedded, ${forced.failed} failed`);
      const ratio = percentile(during, 95) / percentile(idle, 95);
      rows.push({ step: `  search while it runs (${SEARCH_CLIENTS} clients), JOB_PAUSE_MS=${pauseMs}`, seconds: '', notes: `idle: ${latencyNote(idle)}; during: ${latencyNote(during)}; p95 during ÷ idle ${ratio.toFixed(2)}` });
      process.stderr.write(`  ${rows.at(-1)!.notes}\n`);
    } finally {
      await app.stop();
    }
  }

  // Killed a third of the way, resumed by the next run once its heartbeat is stale (backdated here).
  const killed = cli(db, ['jobs', 'run', 'regenerate-embeddings', '--force'], { JOB_PAUSE_MS: '0' });
  const client = new pg.Client({ connectionString: withDatabase(db) });
  await client.connect();
  try {
    const processed = async () => Number((await client.query(`SELECT coalesce(max(processed), 0) AS n FROM job_runs WHERE name = 'regenerate-embeddings' AND state = 'running'`)).rows[0].n);
    while ((await processed()) < PROFILES / 3) await new Promise((resolve) => setTimeout(resolve, 100));
    killed.kill('SIGKILL');
    await killed.done;
    const at = await processed();
    await client.query(`UPDATE job_runs SET heartbeat_at = heartbeat_at - interval '61 seconds' WHERE state = 'running'`);
    const resumedMs = await timedCli(db, ['jobs', 'run', 'regenerate-embeddings', '--force'], { JOB_PAUSE_MS: '0' });
    const resumed = await lastRun(db, 'regenerate-embeddings');
    record('`--force` killed with SIGKILL a third of the way, then run again: the second command', resumedMs, `killed at ${at}; resumed run ${resumed.succeeded}/${resumed.total} embedded, ${resumed.items} item rows, ${resumed.distinct} distinct`);
  } finally {
    await client.end();
  }
  await admin.query(`DROP DATABASE ${db} WITH (FORCE)`);
}

async function standInRegeneration(admin: pg.Client): Promise<void> {
  const db = `kindred_bench_jobs_standin`;
  await createDatabase(admin, db);
  await loadMembers(db, STANDIN_MEMBERS);
  const calls: number[] = [];
  const standIn = await startOllamaStandIn({
    tags: () => [STANDIN_MODEL, 'llama3.2:3b'],
    embed: async (request, signal) => {
      const input = Array.isArray(request.input) ? request.input : [request.input];
      calls.push(input.length);
      await pause(STANDIN_MS, signal);
      return embedTexts(input);
    },
  });
  try {
    const settings = { AI_PROVIDER: 'ollama', OLLAMA_URL: standIn.url, OLLAMA_EMBED_MODEL: STANDIN_MODEL, OLLAMA_EMBED_DIMENSIONS: '384', JOB_PAUSE_MS: '0' };
    await timedCli(db, ['jobs', 'run', 'regenerate-embeddings'], settings);
    const run = await lastRun(db, 'regenerate-embeddings');
    record(
      `\`jobs run regenerate-embeddings\` to a new model, Ollama stand-in answering each call after ${STANDIN_MS} ms: the job`,
      run.ms,
      `${run.succeeded}/${run.total} embedded in ${calls.length} calls of up to ${Math.max(...calls)} texts`,
    );
  } finally {
    await standIn.close();
  }
  await admin.query(`DROP DATABASE ${db} WITH (FORCE)`);
}

async function seedDemo(admin: pg.Client): Promise<void> {
  const db = `kindred_bench_jobs_demo`;
  await createDatabase(admin, db);
  record(`\`seed --demo ${DEMO}\` into an empty database (the command)`, await timedCli(db, ['seed', '--demo', String(DEMO)]));
  await admin.query(`DROP DATABASE ${db} WITH (FORCE)`);
}

async function main(): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const started = performance.now();
  try {
    await jobsAtScale(admin);
    await standInRegeneration(admin);
    await seedDemo(admin);
  } finally {
    for (const name of [`kindred_bench_jobs_${PROFILES}`, 'kindred_bench_jobs_standin', 'kindred_bench_jobs_demo']) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\n${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, built-in AI unless said\n`);
  console.log('| Step | Seconds | Notes |\n|---|---:|---|');
  for (const row of rows) console.log(`| ${row.step} | ${row.seconds} | ${row.notes} |`);
  console.log(`\nTotal run: ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
