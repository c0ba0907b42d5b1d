import { execFile } from 'node:child_process';
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import { chmodSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

import { parse } from 'yaml';

import { projectRoot } from '../server/src/paths.js';
import { operatorCheckout, writeOperatorEnv } from './operator-checkout.js';
import { testServerUrl } from '../server/test/test-database.js';

// scripts/init-secrets.sh and scripts/preflight.sh, run as an operator runs them in a checkout.

const run = promisify(execFile);
const compose = parse(readFileSync(path.join(projectRoot, 'compose.yaml'), 'utf8')) as { secrets: Record<string, { file: string }> };
const replica = parse(readFileSync(path.join(projectRoot, 'compose.replica.yaml'), 'utf8')) as { secrets: Record<string, { file: string }> };

const checkout = () => operatorCheckout('kindred-operator-');
const mode = (file: string) => (statSync(file).mode & 0o777).toString(8);

describe('scripts/init-secrets.sh', () => {
  let dir: string;
  beforeEach(() => {
    dir = checkout();
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('makes every secret the stack mounts, 0400 in a 0700 folder, random where Kindred makes its own', async () => {
    await run('sh', ['scripts/init-secrets.sh'], { cwd: dir });
    const secrets = path.join(dir, 'secrets');
    expect(mode(secrets)).toBe('700');
    const wanted = [...Object.keys(compose.secrets), ...Object.keys(replica.secrets)].sort();
    expect(readdirSync(secrets).sort()).toEqual(wanted);
    for (const name of wanted) expect([name, mode(path.join(secrets, name))]).toEqual([name, '400']);
    for (const name of ['postgres_password', 'kindred_db_password', 'session_secret', 's3_secret_access_key', 'replication_password']) {
      expect([name, readFileSync(path.join(secrets, name), 'utf8')]).toEqual([name, expect.stringMatching(/^[0-9a-f]{64}$/)]);
    }
    for (const name of ['smtp_password', 'stripe_secret_key', 'metrics_token', 'session_secret_previous']) expect([name, readFileSync(path.join(secrets, name), 'utf8')]).toEqual([name, '']);
    expect(readFileSync(path.join(secrets, 'session_secret'), 'utf8')).not.toBe(readFileSync(path.join(secrets, 'kindred_db_password'), 'utf8'));
  });

  it('keeps what exists on a second run, and rotates a secret it makes, the session secret into _previous', async () => {
    await run('sh', ['scripts/init-secrets.sh'], { cwd: dir });
    const file = (name: string) => path.join(dir, 'secrets', name);
    chmodSync(file('smtp_password'), 0o600);
    writeFileSync(file('smtp_password'), 'campus smtp pw');
    const session = readFileSync(file('session_secret'), 'utf8');
    await run('sh', ['scripts/init-secrets.sh'], { cwd: dir });
    expect([readFileSync(file('session_secret'), 'utf8'), readFileSync(file('smtp_password'), 'utf8')]).toEqual([session, 'campus smtp pw']);

    const { stdout } = await run('sh', ['scripts/init-secrets.sh', '--rotate', 'session_secret'], { cwd: dir });
    expect(stdout).toMatch(/new session_secret written/);
    expect(readFileSync(file('session_secret_previous'), 'utf8')).toBe(session);
    expect(readFileSync(file('session_secret'), 'utf8')).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(file('session_secret'), 'utf8')).not.toBe(session);
    expect(mode(file('session_secret'))).toBe('400');
    await expect(run('sh', ['scripts/init-secrets.sh', '--rotate', 'smtp_password'], { cwd: dir })).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('is not one Kindred makes') });
  });
});

describe('scripts/init-secrets.sh --from-env (an upgrade from before 1.0.0)', () => {
  it('keeps the secrets the old .env held, so the database and the sessions still open', async () => {
    const dir = checkout();
    try {
      writeFileSync(path.join(dir, 'old.env'), `POSTGRES_PASSWORD=super pw\nKINDRED_DB_PASSWORD='p/a@s#s:w$rd'\nSESSION_SECRET="${'s'.repeat(40)}"\nSTRIPE_SECRET_KEY=\nSMTP_URL=smtps://kindred:pw@mail.example.edu:465\n`);
      const { stdout } = await run('sh', ['scripts/init-secrets.sh', '--from-env', 'old.env'], { cwd: dir });
      const secret = (name: string) => readFileSync(path.join(dir, 'secrets', name), 'utf8');
      expect([secret('postgres_password'), secret('kindred_db_password'), secret('session_secret'), secret('stripe_secret_key')]).toEqual(['super pw', 'p/a@s#s:w$rd', 's'.repeat(40), '']);
      expect(secret('s3_secret_access_key')).toMatch(/^[0-9a-f]{64}$/);
      expect(stdout).toMatch(/delete these lines from old\.env now: POSTGRES_PASSWORD KINDRED_DB_PASSWORD SESSION_SECRET/);
      expect(stdout).toMatch(/SMTP_URL in old\.env holds a password/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('scripts/preflight.sh', () => {
  let dir: string;
  const env = (values: Record<string, string>) => writeOperatorEnv(dir, values);
  const good = { COMPOSE_PROJECT_NAME: 'kindred', KINDRED_VERSION: '1.0.0', PUBLIC_URL: 'https://localhost', SMTP_URL: 'smtps://kindred@mail.example.edu:465', TLS_MODE: 'internal' };
  const preflight = async () => run('sh', ['scripts/preflight.sh'], { cwd: dir }).then(({ stdout }) => ({ code: 0, stdout }), (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }));
  beforeEach(async () => {
    dir = checkout();
    await run('sh', ['scripts/init-secrets.sh'], { cwd: dir });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  // It also renders the stack with the Compose it finds (CI installs docker-compose).
  const hasCompose = ['/usr/bin/docker-compose', '/usr/local/bin/docker-compose', '/usr/bin/podman-compose'].some((file) => { try { return statSync(file).isFile(); } catch { return false; } });
  (hasCompose ? it : it.skip)('passes a prepared checkout, one line a check', async () => {
    env(good);
    const { code, stdout } = await preflight();
    expect({ code, failed: stdout.split('\n').filter((line) => line.startsWith('FAIL')) }).toEqual({ code: 0, failed: [] });
    for (const check of ['version', 'env', 'smtp', 'secrets', 'replicas', 'tls', 'disk', 'dns']) expect(stdout).toMatch(new RegExp(`^ok +${check} `, 'm'));
  });

  it('fails on what would stop the stack, naming it', async () => {
    env({ ...good, KINDRED_VERSION: '', PUBLIC_URL: 'http://kindred.example.edu/app', APP_REPLICAS: '2', TLS_MODE: 'files' });
    rmSync(path.join(dir, 'secrets', 'session_secret'), { force: true });
    const { code, stdout } = await preflight();
    expect(code).toBe(1);
    expect(stdout).toMatch(/^FAIL +version +KINDRED_VERSION is empty/m);
    expect(stdout).toMatch(/^FAIL +env +PUBLIC_URL must be https:\/\/host/m);
    expect(stdout).toMatch(/^FAIL +secrets +secrets\/session_secret is missing/m);
    expect(stdout).toMatch(/^FAIL +replicas +APP_REPLICAS=2 needs S3_BUCKET/m);
    expect(stdout).toMatch(/^FAIL +tls +TLS_MODE=files needs certs\/fullchain\.pem/m);
  });

  it('warns about an SMTP password left in SMTP_URL and a secret others can read', async () => {
    env({ ...good, SMTP_URL: 'smtps://kindred:pw@mail.example.edu:465' });
    chmodSync(path.join(dir, 'secrets', 'metrics_token'), 0o644);
    const { stdout } = await preflight();
    expect(stdout).toMatch(/^warn +smtp +SMTP_URL carries a password: move it to secrets\/smtp_password/m);
    expect(stdout).toMatch(/^warn +secrets +secrets\/metrics_token has mode 644/m);
  });
});

// The database password's rotation, rehearsed on a real Postgres (TEST_DATABASE_URL, a superuser):
// the script's own commands, with a stand-in for `docker compose` that runs psql here and records
// the rest.
const adminUrl = testServerUrl();
(adminUrl ? describe : describe.skip)('scripts/rotate-db-password.sh', () => {
  const psql = (sql: string) => run('psql', [adminUrl!, '-v', 'ON_ERROR_STOP=1', '-Atc', sql]);
  /** Whether the role's stored SCRAM verifier is the one of `password`. */
  const verifies = async (role: string, password: string) => {
    const { stdout } = await psql(`SELECT rolpassword FROM pg_authid WHERE rolname = '${role}'`);
    const scram = /^SCRAM-SHA-256\$(\d+):([^$]+)\$([^:]+):/.exec(stdout.trim());
    if (!scram) return stdout.trim() === `md5${createHash('md5').update(password + role).digest('hex')}`;
    const salted = pbkdf2Sync(password, Buffer.from(scram[2]!, 'base64'), Number(scram[1]), 32, 'sha256');
    return createHash('sha256').update(createHmac('sha256', salted).update('Client Key').digest()).digest('base64') === scram[3];
  };

  it('sets a new password on the role, then the secret file, then recreates the app', async () => {
    const { stdout: isSuper } = await psql('SELECT rolsuper FROM pg_roles WHERE rolname = current_user').catch(() => ({ stdout: 'f' }));
    if (isSuper.trim() !== 't') return;
    const role = `kindred_rotate_${randomBytes(4).toString('hex')}`;
    const dir = checkout();
    try {
      await run('sh', ['scripts/init-secrets.sh'], { cwd: dir });
      const file = path.join(dir, 'secrets', 'kindred_db_password');
      const old = readFileSync(file, 'utf8');
      await psql(`CREATE ROLE ${role} LOGIN PASSWORD '${old}'`);
      expect(await verifies(role, old)).toBe(true);
      const url = new URL(adminUrl!);
      const log = path.join(dir, 'compose.log');
      const standIn = path.join(dir, 'compose-standin.sh');
      writeFileSync(
        standIn,
        `#!/bin/sh
echo "$*" >> '${log}'
if [ "$1" = exec ]; then shift 3; exec "$@" -h '${url.hostname}' -p '${url.port || '5432'}'; fi
`,
      );
      chmodSync(standIn, 0o755);
      const { stdout } = await run('sh', ['scripts/rotate-db-password.sh'], { cwd: dir, env: { ...process.env, KINDRED_COMPOSE: standIn, KINDRED_DB_USER: role, PGPASSWORD: decodeURIComponent(url.password) } });
      expect(stdout).toMatch(/has its new password/);
      const rotated = readFileSync(file, 'utf8');
      expect(rotated).toMatch(/^[0-9a-f]{64}$/);
      expect(rotated).not.toBe(old);
      expect(mode(file)).toBe('400');
      expect([await verifies(role, rotated), await verifies(role, old)]).toEqual([true, false]);
      expect(readFileSync(log, 'utf8').trim().split('\n')).toEqual([expect.stringMatching(/^exec -T postgres psql /), 'up -d --force-recreate secrets-init app cron']);
      // The password never reached a command line.
      expect(readFileSync(log, 'utf8')).not.toContain(rotated);
    } finally {
      await psql(`DROP ROLE IF EXISTS ${role}`).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
