import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { BUILTIN_EMBEDDING_MODEL } from '../../ai/builtin/embedding/index.js';
import { knownMigrationNames } from '../../db/migrator.js';
import { startS3StandIn } from '../../../test/s3-standin.js';
import { SMTPServer } from 'smtp-server';

import { startTestSmtp } from '../../../test/smtp.js';
import type { CheckStatus } from './check.js';
import { BUILTIN_INDEX, COVERAGE_HINT } from './database-checks.js';
import type { DoctorDatabase } from './doctor-database.js';
import type { DoctorReads } from './doctor.repository.js';
import { CHECK_NAMES, type DoctorDeps, type DoctorReport, runDoctor } from './doctor.service.js';
import { checkDisk } from './disk-check.js';
import { checkOllama, checkS3, checkSmtp, checkStripe, checkWhisper } from './service-checks.js';
import { readSmtpGreeting } from './smtp-greeting.js';

// The checks' rules, on fakes: a database that answers what each test says, probes that answer
// at once (or never). The database checks' SQL runs on real databases in doctor.database.test.ts.

const GB = 1024 ** 3;
const EXTERNAL = { DATABASE_URL: 'postgres://kindred:secret@db.example:5432/kindred', AI_PROVIDER: 'builtin', DATA_DIR: os.tmpdir() };

function healthyReads(overrides: Partial<DoctorReads> = {}): DoctorReads {
  return {
    serverVersion: async () => '15.10',
    appliedMigrations: async () => knownMigrationNames(),
    vectorExtensionVersion: async () => '0.8.0',
    embeddingIndexes: async () => [{ name: BUILTIN_INDEX, valid: true }],
    searchModel: async () => ({ model: BUILTIN_EMBEDDING_MODEL, dimensions: 384 }),
    coverage: async () => ({ profiles: 10, withVector: 10 }),
    now: async () => new Date(),
    ...overrides,
  };
}

function fakeDatabase(reads: DoctorReads, mode: DoctorDatabase['mode'] = 'external'): DoctorDatabase & { closed: boolean } {
  const database = { mode, repository: reads, closed: false, close: async () => void (database.closed = true) };
  return database;
}

function doctor(env: Record<string, string>, deps: Partial<DoctorDeps> = {}): Promise<DoctorReport> {
  return runDoctor({ env, openDatabase: async () => fakeDatabase(healthyReads()), space: async () => ({ free: 50 * GB, total: 100 * GB }), ...deps });
}

const statusOf = (report: DoctorReport, name: string): CheckStatus | undefined => report.checks.find((check) => check.name === name)?.status;
const detailOf = (report: DoctorReport, name: string): string => report.checks.find((check) => check.name === name)?.detail ?? '';

describe('runDoctor', () => {
  it('reports every check once, in order, and is ok when nothing failed', async () => {
    const report = await doctor(EXTERNAL);
    expect(report.checks.map((check) => check.name)).toEqual([...CHECK_NAMES]);
    expect(report.ok).toBe(true);
    expect(detailOf(report, 'database')).toMatch(/^reachable, Postgres 15\.10 \(\d+ ms\)$/);
    // The password never appears in the report.
    expect(JSON.stringify(report)).not.toContain('secret');
  });

  it('fails the configuration with the message and skips everything that needs it', async () => {
    const report = await doctor({ ...EXTERNAL, NODE_ENV: 'production' });
    expect(statusOf(report, 'configuration')).toBe('fail');
    expect(detailOf(report, 'configuration')).toMatch(/SESSION_SECRET: required in production/);
    expect(report.checks.slice(1).every((check) => check.status === 'skip')).toBe(true);
    expect(report.ok).toBe(false);
  });

  it('fails the database when it cannot be opened, naming it without the password, and skips what reads it', async () => {
    const report = await doctor(EXTERNAL, { openDatabase: () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.5:5432')) });
    expect(statusOf(report, 'database')).toBe('fail');
    expect(detailOf(report, 'database')).toMatch(/^cannot reach postgres:\/\/kindred:\*\*\*@db\.example:5432\/kindred: connect ECONNREFUSED 10\.0\.0\.5:5432 \(after \d+ ms\)$/);
    for (const name of ['migrations', 'pgvector', 'search-index', 'embedding-coverage', 'clock']) expect(statusOf(report, name)).toBe('skip');
    expect(report.ok).toBe(false);
  });

  it('gives up on a database that never answers at its timeout, and closes it should it open later', async () => {
    let resolveLate: (database: DoctorDatabase) => void = () => undefined;
    const late = fakeDatabase(healthyReads());
    const started = Date.now();
    const report = await doctor(EXTERNAL, { openDatabase: () => new Promise((resolve) => (resolveLate = resolve)), timeouts: { database: 200 } });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(detailOf(report, 'database')).toMatch(/cannot reach .*: no answer within 200 ms/);
    resolveLate(late);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(late.closed).toBe(true);
  });

  it('closes the database after the checks', async () => {
    const database = fakeDatabase(healthyReads());
    await doctor(EXTERNAL, { openDatabase: async () => database });
    expect(database.closed).toBe(true);
  });

  it('does not open an embedded directory that holds no database (that would create one)', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kindred-doctor-'));
    try {
      let opened = false;
      const report = await doctor({ DATA_DIR: dataDir, AI_PROVIDER: 'builtin' }, { openDatabase: async () => ((opened = true), fakeDatabase(healthyReads())) });
      expect(opened).toBe(false);
      expect(statusOf(report, 'database')).toBe('warn');
      expect(detailOf(report, 'database')).toMatch(/the first start creates and migrates it/);
      expect(report.ok).toBe(true);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('fails one hung check at its timeout and still reports the others', async () => {
    const report = await doctor({ ...EXTERNAL, AI_PROVIDER: 'ollama' }, { ollama: () => new Promise(() => undefined), timeouts: { ollama: 100 } });
    expect(statusOf(report, 'ollama')).toBe('fail');
    expect(detailOf(report, 'ollama')).toBe('no answer within 100 ms');
    expect(statusOf(report, 'clock')).toBe('ok');
  });

  describe('migrations', () => {
    const known = knownMigrationNames();

    it('fails on pending migrations of an external database, and skips what reads the new tables', async () => {
      const reads = healthyReads({ appliedMigrations: async () => known.slice(0, -2) });
      const report = await doctor(EXTERNAL, { openDatabase: async () => fakeDatabase(reads) });
      expect(statusOf(report, 'migrations')).toBe('fail');
      expect(detailOf(report, 'migrations')).toMatch(/^2 of \d+ pending .*migrate up$/);
      expect(statusOf(report, 'search-index')).toBe('skip');
      expect(statusOf(report, 'embedding-coverage')).toBe('skip');
      expect(statusOf(report, 'pgvector')).toBe('ok');
    });

    it('only warns on an embedded database: the next start applies them', async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kindred-doctor-'));
      await mkdir(path.join(dataDir, 'pgdata'));
      try {
        const reads = healthyReads({ appliedMigrations: async () => null });
        const report = await doctor({ DATA_DIR: dataDir, AI_PROVIDER: 'builtin' }, { openDatabase: async () => fakeDatabase(reads, 'embedded') });
        expect(statusOf(report, 'migrations')).toBe('warn');
        expect(detailOf(report, 'migrations')).toMatch(/the next start applies them/);
        expect(detailOf(report, 'database')).toMatch(/^embedded \(PGlite\)/);
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    });

    it('warns on a later release\'s migrations (a rollback) on either database, and fails on an unknown history', async () => {
      const reads = healthyReads({ appliedMigrations: async () => [...known, '29990101000000_from_the_future'] });
      const report = await doctor(EXTERNAL, { openDatabase: async () => fakeDatabase(reads) });
      expect(statusOf(report, 'migrations')).toBe('warn');
      expect(detailOf(report, 'migrations')).toMatch(/unknown to this release \(latest 29990101000000_from_the_future\).*fine after a rollback/);

      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kindred-doctor-'));
      await mkdir(path.join(dataDir, 'pgdata'));
      try {
        const embedded = await doctor({ DATA_DIR: dataDir, AI_PROVIDER: 'builtin' }, { openDatabase: async () => fakeDatabase(reads, 'embedded') });
        expect(statusOf(embedded, 'migrations')).toBe('warn');
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
      const foreign = healthyReads({ appliedMigrations: async () => [...known, '20000101000000_not_ours'] });
      const other = await doctor(EXTERNAL, { openDatabase: async () => fakeDatabase(foreign) });
      expect(statusOf(other, 'migrations')).toBe('fail');
      expect(detailOf(other, 'migrations')).toMatch(/not a later release's/);
    });

  });

  it('fails without the vector extension', async () => {
    const report = await doctor(EXTERNAL, { openDatabase: async () => fakeDatabase(healthyReads({ vectorExtensionVersion: async () => null })) });
    expect(statusOf(report, 'pgvector')).toBe('fail');
    expect(detailOf(report, 'pgvector')).toMatch(/CREATE EXTENSION vector/);
  });

  describe('search index', () => {
    const withIndexes = (indexes: { name: string; valid: boolean }[], searchModel?: { model: string; dimensions: number }) =>
      doctor(EXTERNAL, { openDatabase: async () => fakeDatabase(healthyReads({ embeddingIndexes: async () => indexes, searchModel: async () => searchModel })) });

    it('is ok with the search model index valid (the built-in one before any model was chosen)', async () => {
      expect(statusOf(await withIndexes([{ name: BUILTIN_INDEX, valid: true }]), 'search-index')).toBe('ok');
    });

    it('fails when the search model has no index, or an invalid one', async () => {
      const missing = await withIndexes([]);
      expect(statusOf(missing, 'search-index')).toBe('fail');
      expect(detailOf(missing, 'search-index')).toContain(`no HNSW index ${BUILTIN_INDEX}`);
      const ollama = await withIndexes([{ name: BUILTIN_INDEX, valid: true }], { model: 'nomic-embed-text', dimensions: 768 });
      expect(detailOf(ollama, 'search-index')).toMatch(/no HNSW index profile_embeddings_halfvec_hnsw_[0-9a-f]{16} for the search model nomic-embed-text: a server builds it/);
      const invalid = await withIndexes([{ name: BUILTIN_INDEX, valid: false }]);
      expect(statusOf(invalid, 'search-index')).toBe('fail');
      expect(detailOf(invalid, 'search-index')).toMatch(/invalid.*REINDEX INDEX CONCURRENTLY/);
    });

    it('warns about an invalid index search does not use', async () => {
      const report = await withIndexes([{ name: BUILTIN_INDEX, valid: true }, { name: 'profile_embeddings_halfvec_hnsw_0123456789abcdef', valid: false }]);
      expect(statusOf(report, 'search-index')).toBe('warn');
    });
  });

  describe('embedding coverage', () => {
    const covering = (profiles: number, withVector: number) => doctor(EXTERNAL, { openDatabase: async () => fakeDatabase(healthyReads({ coverage: async () => ({ profiles, withVector }) })) });

    it('warns below 100 % and says how to fill the gap, never rounding up to 100 %', async () => {
      const report = await covering(10_000, 9_999);
      expect(statusOf(report, 'embedding-coverage')).toBe('warn');
      expect(detailOf(report, 'embedding-coverage')).toContain('9999 of 10000 visible member profiles (99.9 %)');
      expect(detailOf(report, 'embedding-coverage')).toContain(COVERAGE_HINT);
      expect(report.ok).toBe(true);
    });

    it('is ok when every profile, or no profile yet, has its vector', async () => {
      expect(statusOf(await covering(5, 5), 'embedding-coverage')).toBe('ok');
      expect(statusOf(await covering(0, 0), 'embedding-coverage')).toBe('ok');
    });
  });

  describe('clock', () => {
    const skewed = (ms: number) => doctor(EXTERNAL, { openDatabase: async () => fakeDatabase(healthyReads({ now: async () => new Date(Date.now() + ms) })) });

    it('warns over 2 s of skew and fails over 30 s', async () => {
      expect(statusOf(await skewed(0), 'clock')).toBe('ok');
      expect(statusOf(await skewed(5_000), 'clock')).toBe('warn');
      const behind = await skewed(-60_000);
      expect(statusOf(behind, 'clock')).toBe('fail');
      expect(detailOf(behind, 'clock')).toMatch(/behind this machine's/);
    });
  });
});

describe('checkOllama', () => {
  const ai = { provider: 'auto' as const, ollamaUrl: 'http://ollama:11434', chatModel: 'llama3.2:3b', embedModel: 'nomic-embed-text', embedDimensions: 768, timeoutMs: 1000 };
  const unreachable = async () => ({ reachable: false as const, reason: 'Could not reach Ollama at http://ollama:11434 (ECONNREFUSED)' });

  it('skips the built-in provider without asking anything', async () => {
    expect((await checkOllama({ ...ai, provider: 'builtin' }, () => Promise.reject(new Error('asked')))).status).toBe('skip');
  });

  it('warns when unreachable in auto mode (the built-in AI runs) and fails when Ollama is required', async () => {
    expect(await checkOllama(ai, unreachable)).toMatchObject({ status: 'warn', detail: expect.stringContaining('built-in offline AI runs instead') });
    expect((await checkOllama({ ...ai, provider: 'ollama' }, unreachable)).status).toBe('fail');
  });

  it('names the models to pull, and is ok with both (":latest" implied)', async () => {
    const only = async () => ({ reachable: true as const, models: ['llama3.2:3b'] });
    expect(await checkOllama({ ...ai, provider: 'ollama' }, only)).toMatchObject({ status: 'fail', detail: expect.stringContaining('ollama pull nomic-embed-text') });
    const both = async () => ({ reachable: true as const, models: ['llama3.2:3b', 'nomic-embed-text:latest'] });
    expect((await checkOllama(ai, both)).status).toBe('ok');
  });
});

describe('checkWhisper', () => {
  it('skips when unset, warns when the file is missing or not a model, and is ok with a ggml file', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'kindred-doctor-'));
    try {
      expect((await checkWhisper({ whisperModel: undefined, timeoutMs: 1000 })).status).toBe('skip');
      expect(await checkWhisper({ whisperModel: path.join(dir, 'missing.bin'), timeoutMs: 1000 })).toMatchObject({ status: 'warn', detail: expect.stringContaining('hides the microphone') });
      const model = path.join(dir, 'ggml-base.bin');
      await writeFile(model, Buffer.concat([Buffer.from('lmgg', 'latin1'), Buffer.alloc(16)]));
      expect((await checkWhisper({ whisperModel: model, timeoutMs: 1000 })).status).toBe('ok');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('checkStripe', () => {
  const payments = (key?: string, webhook?: string) => ({ stripeSecretKey: key, stripeWebhookSecret: webhook, stripeApiUrl: undefined });

  it('skips when unset and is ok with a live key and a webhook secret, never printing them', async () => {
    expect(checkStripe({ env: 'production', payments: payments() }).status).toBe('skip');
    const live = checkStripe({ env: 'production', payments: payments('sk_live_abcdef', 'whsec_ghijkl') });
    expect(live).toEqual({ status: 'ok', detail: 'sk_live_… key, webhook secret whsec_…' });
  });

  it('warns on a test key in production and on a missing webhook secret; fails on a key of the wrong shape', async () => {
    expect(checkStripe({ env: 'production', payments: payments('sk_test_abc', 'whsec_x') }).status).toBe('warn');
    expect(checkStripe({ env: 'development', payments: payments('sk_test_abc', 'whsec_x') }).status).toBe('ok');
    expect(checkStripe({ env: 'development', payments: payments('rk_test_abc') }).status).toBe('warn');
    expect(checkStripe({ env: 'development', payments: payments('pk_live_abc', 'whsec_x') }).status).toBe('fail');
    expect(checkStripe({ env: 'development', payments: payments('sk_live_abc', 'secret') }).status).toBe('fail');
  });
});

describe('checkDisk', () => {
  const space = (free: number, total: number) => async () => ({ free, total });
  const dirs = [{ label: 'DATA_DIR', dir: '/srv/kindred' }];

  it('warns under 10 % or 2 GB free and fails under 2 %', async () => {
    expect((await checkDisk(dirs, space(50 * GB, 100 * GB))).status).toBe('ok');
    expect((await checkDisk(dirs, space(9 * GB, 100 * GB))).status).toBe('warn');
    expect((await checkDisk(dirs, space(1.5 * GB, 10 * GB))).status).toBe('warn');
    expect((await checkDisk(dirs, space(1 * GB, 100 * GB))).status).toBe('fail');
  });

  it('reports the worst of DATA_DIR and BACKUP_DIR, naming both', async () => {
    const result = await checkDisk([...dirs, { label: 'BACKUP_DIR', dir: '/backups' }], async (dir) => (dir === '/backups' ? { free: 1 * GB, total: 100 * GB } : { free: 50 * GB, total: 100 * GB }));
    expect(result.status).toBe('fail');
    expect(result.detail).toMatch(/DATA_DIR \/srv\/kindred: 50\.0 GB free .*; BACKUP_DIR \/backups: 1\.0 GB free/);
  });

  it('measures a folder not made yet where it will be (the real filesystem)', async () => {
    const result = await checkDisk([{ label: 'DATA_DIR', dir: path.join(os.tmpdir(), 'kindred-doctor-not-made', 'data') }]);
    expect(result.status).not.toBe('fail');
    expect(result.detail).toMatch(/GB free of/);
  });
});

describe('checkSmtp against a real SMTP server', () => {
  it('reads the 220 greeting and sends nothing', async () => {
    const smtp = await startTestSmtp();
    try {
      const result = await checkSmtp({ smtpUrl: `smtp://user:pw@127.0.0.1:${smtp.port}`, dataDir: '/data' });
      expect(result).toMatchObject({ status: 'ok', detail: expect.stringMatching(new RegExp(`^smtp://127\\.0\\.0\\.1:${smtp.port} ready, "220 `)) });
      expect(result.detail).not.toContain('pw');
      expect(smtp.received).toHaveLength(0);
    } finally {
      await smtp.close();
    }
  });

  it('fails when nothing listens, and when the server never greets, within the deadline', async () => {
    const closed = await startTestSmtp();
    await closed.close();
    expect(await checkSmtp({ smtpUrl: `smtp://127.0.0.1:${closed.port}`, dataDir: '/data' })).toMatchObject({ status: 'fail', detail: expect.stringContaining('ECONNREFUSED') });

    // Accepts and never speaks: a mail server hung after accept().
    const accepted: net.Socket[] = [];
    const silent = net.createServer((socket) => void accepted.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const started = Date.now();
      await expect(readSmtpGreeting(`smtp://127.0.0.1:${port}`, 300)).rejects.toThrow(/sent no greeting within 300 ms/);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      for (const socket of accepted) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('speaks TLS from the start for smtps://, and reports a certificate it cannot trust', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'kindred-doctor-tls-'));
    try {
      const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
      execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=localhost'], { stdio: 'ignore' });
      const server = new SMTPServer({ secure: true, key: await readFile(key), cert: await readFile(cert), authOptional: true, logger: false });
      // The client hangs up mid-handshake when it distrusts the certificate; the server reports that.
      server.on('error', () => undefined);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.server.address() as net.AddressInfo;
      try {
        expect(await checkSmtp({ smtpUrl: `smtps://127.0.0.1:${port}`, dataDir: '/data' })).toMatchObject({ status: 'fail', detail: expect.stringMatching(/self.signed certificate/) });
      } finally {
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('skips without SMTP_URL (mail goes to the outbox)', async () => {
    expect(await checkSmtp({ smtpUrl: undefined, dataDir: '/data' })).toEqual({ status: 'skip', detail: 'not configured: mail is written to /data/outbox' });
  });
});

describe('checkS3 against the S3 stand-in', () => {
  it('is ok when the bucket answers to the credentials, and fails for a bucket that does not exist', async () => {
    const s3 = await startS3StandIn();
    try {
      const storage = { kind: 's3' as const, bucket: s3.bucket, endpoint: s3.endpoint, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true };
      expect((await checkS3(storage)).status).toBe('ok');
      expect(await checkS3({ ...storage, bucket: 'no-such-bucket' })).toMatchObject({ status: 'fail', detail: expect.stringContaining('no such bucket') });
    } finally {
      await s3.close();
    }
    expect((await checkS3({ kind: 'local' })).status).toBe('skip');
  });
});
