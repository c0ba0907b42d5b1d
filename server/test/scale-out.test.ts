import { execFileSync, spawn } from 'node:child_process';
import { PNG_1x1 } from './images.js';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import request from 'supertest';

import { latestCode } from './outbox.js';
import { freePort, type Spawned, spawnTs, waitFor } from './processes.js';
import { type S3StandIn, startS3StandIn } from './s3-standin.js';
import { createTestDatabase, type TestDatabase, testServerUrl, withAdminClient } from './test-database.js';

// Two Kindred servers behind one real reverse proxy (Caddy from Debian's packages, as in the
// compose stack), on one Postgres and one S3-compatible store, behave as one: sessions, uploads,
// rate limits and jobs are shared, and SIGTERM to one loses no request and no data.
// Needs a real Postgres (TEST_DATABASE_URL) and the caddy binary; CI installs it.

function caddyPath(): string | undefined {
  try {
    return execFileSync('sh', ['-c', 'command -v caddy'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

const external = testServerUrl() !== undefined;
const caddy = caddyPath();
if (external && !caddy) throw new Error('The scale-out test needs Caddy on real Postgres runs: apt-get install -y caddy (.ci/install-proxy.sh)');

const SESSION_SECRET = 'scale-out-shared-session-secret-0123456789';

interface Node {
  name: string;
  port: number;
  url: string;
  dataDir: string;
  process: Spawned;
}

(external ? describe : describe.skip)('two app servers behind one proxy', () => {
  let database: TestDatabase;
  let s3: S3StandIn;
  let work: string;
  let proxyUrl: string;
  let caddyProcess: ReturnType<typeof spawn> | undefined;
  const nodes: Node[] = [];

  async function startNode(name: string, env: Record<string, string>): Promise<Node> {
    const port = await freePort();
    const dataDir = await mkdtemp(path.join(work, `${name}-`));
    const spawned = spawnTs('server/src/main.ts', [], {
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
    });
    const url = `http://127.0.0.1:${port}`;
    await waitFor(async () => (await fetch(`${url}/readyz`)).ok, 60_000).catch((error: unknown) => {
      throw new Error(`${name} did not become ready: ${spawned.output()}`, { cause: error });
    });
    return { name, port, url, dataDir, process: spawned };
  }

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'kindred-scale-out-'));
    [database, s3] = await Promise.all([createTestDatabase(), startS3StandIn()]);
    const env = {
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      AI_PROVIDER: 'builtin',
      DATABASE_URL: database.env.DATABASE_URL!,
      SESSION_SECRET,
      ADMIN_EMAIL: 'admin@example.com',
      TRUST_PROXY: '1',
      ...s3.env,
      RATE_LIMIT_LOGIN_ACCOUNT: '4/15m',
      RATE_LIMIT_LOGIN_IP: '1000/15m',
      RATE_LIMIT_MESSAGE_USER: '10000/1h',
      RATE_LIMIT_UPLOAD_USER: '10000/1h',
      // A free member's daily searches, counted in memory on each server and shared within a second.
      SEARCH_FREE_DAILY: '4',
      // Long pauses between a job's batches keep a run going while the other server is asked.
      JOB_PAUSE_MS: '4000',
      SHUTDOWN_TIMEOUT_MS: '8000',
      // More than the proxy's health-check interval (1 s): it stops choosing a server before it closes.
      SHUTDOWN_DRAIN_MS: '2500',
    };
    // Sample members give a forced embedding run more than one batch (64) of work, so it is still
    // pausing between batches when the other server is asked (an unforced run finds nothing stale).
    const seeded = spawnTs('cli/src/index.ts', ['seed', '--demo', '70'], { ...env, DATA_DIR: work });
    expect(await seeded.exited).toBe(0);

    nodes.push(...(await Promise.all([startNode('a', env), startNode('b', env)])));
    const proxyPort = await freePort();
    const caddyfile = path.join(work, 'Caddyfile');
    // The proxy of compose.yaml, minus TLS: round robin, health checks on /readyz, and a request
    // that could not reach one server (refused, reset before a response) retried on the other.
    await writeFile(
      caddyfile,
      `{
  admin off
  auto_https off
}
http://127.0.0.1:${proxyPort} {
  reverse_proxy ${nodes.map((n) => `127.0.0.1:${n.port}`).join(' ')} {
    lb_policy round_robin
    lb_try_duration 10s
    lb_try_interval 100ms
    fail_duration 5s
    health_uri /readyz
    health_interval 1s
  }
}
`,
    );
    const child = spawn(caddy!, ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
      env: { PATH: process.env.PATH ?? '', HOME: work, XDG_DATA_HOME: path.join(work, 'xdg-data'), XDG_CONFIG_HOME: path.join(work, 'xdg-config') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    proxyUrl = `http://127.0.0.1:${proxyPort}`;
    caddyProcess = child;
    await waitFor(async () => (await fetch(`${proxyUrl}/healthz`)).ok, 20_000).catch((error: unknown) => {
      throw new Error(`caddy did not start: ${output}`, { cause: error });
    });
  }, 180_000);

  afterAll(async () => {
    caddyProcess?.kill('SIGTERM');
    for (const node of nodes) node.process.child.kill('SIGKILL');
    await Promise.all(nodes.map((n) => n.process.exited));
    await s3?.close();
    await database?.drop();
    await rm(work, { recursive: true, force: true });
  });

  /** Signs a new member up through server `via`, reading the code from whichever server mailed it. */
  async function member(email: string, via: Node): Promise<string> {
    await request(via.url).post('/api/auth/signup').send({ email, password: 'maple-orbit-lantern' }).expect(202);
    const code = await latestCode(via.dataDir, email);
    const verified = await request(via.url).post('/api/auth/signup/verify').send({ email, code }).expect(200);
    const cookie = (verified.headers['set-cookie'] as unknown as string[]).find((c) => /^(__Host-)?kindred\.sid=/.test(c))!.split(';')[0]!;
    await request(via.url).put('/api/profile/basic').set('Cookie', cookie).send({ name: email.split('@')[0], birthDate: '2004-03-10', location: 'Vancouver', gender: 'female', profession: 'student', relationshipStatus: 'single_straight' }).expect(200);
    return cookie;
  }

  it('keeps a member signed in on the other server, and serves what one stored from the other', async () => {
    const [a, b] = nodes as [Node, Node];
    const cookie = await member('ana@example.com', a);
    const session = await request(b.url).get('/api/auth/session').set('Cookie', cookie).expect(200);
    expect(session.body.user?.email).toBe('ana@example.com');

    const avatarUrl = (await request(a.url).post('/api/profile/avatar').set('Cookie', cookie).set('content-type', 'image/png').send(PNG_1x1).expect(201)).body.avatarUrl as string;
    const served = await request(b.url).get(avatarUrl).buffer(true).expect(200).expect('content-type', 'image/png');
    expect((served.body as Buffer).length).toBeGreaterThan(0);
    // And through the proxy, whichever server answers.
    for (let i = 0; i < 4; i += 1) await request(proxyUrl).get(avatarUrl).expect(200);
    expect((await request(proxyUrl).get('/api/auth/session').set('Cookie', cookie).expect(200)).body.user?.email).toBe('ana@example.com');
  });

  it('counts rate limits across both servers', async () => {
    const [a, b] = nodes as [Node, Node];
    await member('bo@example.com', b);
    // RATE_LIMIT_LOGIN_ACCOUNT is 4 per 15 minutes: two wrong passwords on each server use it up.
    for (const node of [a, b, a, b]) await request(node.url).post('/api/auth/login').send({ email: 'bo@example.com', password: 'wrong-pass' }).expect(401);
    await request(a.url).post('/api/auth/login').send({ email: 'bo@example.com', password: 'maple-orbit-lantern' }).expect(429);
    await request(b.url).post('/api/auth/login').send({ email: 'bo@example.com', password: 'maple-orbit-lantern' }).expect(429);
  });

  it('shares the free search allowance between both servers, with no write per search', async () => {
    const [a, b] = nodes as [Node, Node];
    const cookie = await member('eli@example.com', a);
    const search = (node: Node) => request(node.url).post('/api/search').set('Cookie', cookie).send({ query: 'hiking friends' });
    // SEARCH_FREE_DAILY is 4: two on each server are allowed...
    for (const node of [a, b, a, b]) await search(node).expect(200);
    // ...and once each server has written its count (within a second), both know the day's are used.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await search(a).expect(429)).body.error.code).toBe('search_allowance_used');
    expect((await search(b).expect(429)).body.error.code).toBe('search_allowance_used');
  });

  it('lets a job run on one server at a time', async () => {
    const [a, b] = nodes as [Node, Node];
    const cookie = await member('admin@example.com', a);
    await withAdminClient(database.env.DATABASE_URL!, (c) => c.query(`INSERT INTO user_roles (user_id, role) SELECT id, 'admin' FROM users WHERE email = 'admin@example.com'`));
    const started = await request(a.url).post('/api/admin/jobs/regenerate-embeddings/runs').set('Cookie', cookie).send({ force: true });
    expect(started.status).toBe(202);
    const busy = await request(b.url).post('/api/admin/jobs/regenerate-embeddings/runs').set('Cookie', cookie).send({});
    expect({ status: busy.status, code: busy.body.error?.code }).toEqual({ status: 409, code: 'job_running' });
  });

  it('loses no request and no data when one server is stopped while requests flow', async () => {
    const [a] = nodes as [Node, Node];
    const cookie = await member('cy@example.com', nodes[1]!);
    const mailbox = (await request(proxyUrl).get('/api/profile').set('Cookie', cookie).expect(200)).body.mailbox_address as string;
    expect(mailbox).toContain('@');
    const sender = await member('dee@example.com', nodes[1]!);

    const results: number[] = [];
    let sent = 0;
    const worker = async (id: number) => {
      for (let i = 0; i < 25; i += 1) {
        const subject = `m-${id}-${i}`;
        const res = await fetch(`${proxyUrl}/api/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: sender },
          body: JSON.stringify({ to: mailbox, subject, content: 'hello' }),
        });
        results.push(res.status);
        if (res.status === 201) sent += 1;
        const read = await fetch(`${proxyUrl}/api/auth/session`, { headers: { cookie: sender } });
        results.push(read.status);
      }
    };
    const flowing = Promise.all([0, 1, 2, 3].map(worker));
    await waitFor(async () => sent >= 10, 10_000);
    a.process.child.kill('SIGTERM');
    const sentAtStop = sent;
    await flowing;
    expect(await a.process.exited).toBe(0);
    expect(sentAtStop).toBeLessThan(80); // the stop came while requests were still flowing

    expect(results.filter((s) => s >= 300)).toEqual([]);
    expect(sent).toBe(100);
    const { rows } = await withAdminClient(database.env.DATABASE_URL!, (c) => c.query<{ n: number; distinct: number }>(`SELECT count(*)::int AS n, count(DISTINCT subject)::int AS distinct FROM messages WHERE subject LIKE 'm-%'`));
    expect(rows[0]).toEqual({ n: 100, distinct: 100 });
  });
});
