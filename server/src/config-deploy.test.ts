import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { issuesOf } from '../test/config-issues.js';
import { loadConfig } from './config.js';

// The settings a deployment (compose, Kubernetes) uses: database credentials in parts, secrets
// from files, S3 storage, metrics and backups.

const secretsDir = mkdtempSync(path.join(tmpdir(), 'kindred-secrets-'));
afterAll(() => rmSync(secretsDir, { recursive: true, force: true }));
function secretFile(name: string, value: string): string {
  const file = path.join(secretsDir, name);
  writeFileSync(file, value);
  return file;
}

describe('database credentials in parts', () => {
  const hostile = 'p/a@s#s?w%o:r d';

  it('builds a URL in which every character of the password survives', () => {
    const { databaseUrl } = loadConfig({ DATABASE_HOST: 'postgres', DATABASE_PASSWORD: hostile });
    const parsed = new URL(databaseUrl!);
    expect(parsed.hostname).toBe('postgres');
    expect(parsed.port).toBe('5432');
    expect(decodeURIComponent(parsed.username)).toBe('kindred');
    expect(decodeURIComponent(parsed.password)).toBe(hostile);
    expect(parsed.pathname).toBe('/kindred');
  });

  it('reads the password from a file, dropping one trailing newline', () => {
    const file = secretFile('db-password', `${hostile}\n`);
    const { databaseUrl } = loadConfig({ DATABASE_HOST: 'db.campus.internal', DATABASE_PORT: '6543', DATABASE_NAME: 'kin dred', DATABASE_USER: 'app', DATABASE_PASSWORD_FILE: file });
    const url = new URL(databaseUrl!);
    expect(decodeURIComponent(url.password)).toBe(hostile);
    expect(url.port).toBe('6543');
    expect(decodeURIComponent(url.pathname.slice(1))).toBe('kin dred');
  });

  it('refuses DATABASE_URL and DATABASE_HOST together, and a secret given twice', () => {
    expect(issuesOf({ DATABASE_URL: 'postgres://a@b/c', DATABASE_HOST: 'db' })[0]).toMatch(/^DATABASE_HOST: set DATABASE_URL or DATABASE_HOST/);
    expect(issuesOf({ SESSION_SECRET: 's'.repeat(40), SESSION_SECRET_FILE: secretFile('s', 's'.repeat(40)) })).toEqual(['SESSION_SECRET_FILE: set SESSION_SECRET or SESSION_SECRET_FILE, not both']);
  });

  it('names a secret file it cannot read, without printing any secret', () => {
    expect(issuesOf({ SESSION_SECRET_FILE: path.join(secretsDir, 'missing') })).toEqual([`SESSION_SECRET_FILE: cannot read ${path.join(secretsDir, 'missing')} (ENOENT)`]);
  });

  it('reads an empty secret file as unset (compose writes one for a secret left empty in .env)', () => {
    const config = loadConfig({ STRIPE_SECRET_KEY_FILE: secretFile('stripe', ''), METRICS_TOKEN_FILE: secretFile('metrics', '\n') });
    expect(config.payments.stripeSecretKey).toBeUndefined();
    expect(config.metricsToken).toBeUndefined();
  });

  it('reads the previous session secret of a rotation from a file too', () => {
    const config = loadConfig({ SESSION_SECRET: 'n'.repeat(40), SESSION_SECRET_PREVIOUS_FILE: secretFile('previous', `${'o'.repeat(40)}\n`) });
    expect(config.sessionSecretPrevious).toBe('o'.repeat(40));
    expect(issuesOf({ SESSION_SECRET_PREVIOUS: 'short' })).toEqual(['SESSION_SECRET_PREVIOUS: must be at least 32 characters']);
  });

  it('validates a value read from a file like any other', () => {
    expect(issuesOf({ SESSION_SECRET_FILE: secretFile('short', 'short\n') })).toEqual(['SESSION_SECRET: must be at least 32 characters']);
  });
});

it('wants PUBLIC_URL without a path in production, where the proxy serves its host', () => {
  const production = { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40), SMTP_URL: 'smtp://mail.example.edu' };
  for (const url of ['https://kindred.example.edu/', 'https://kindred.example.edu/kindred']) {
    expect(issuesOf({ ...production, PUBLIC_URL: url })).toEqual(['PUBLIC_URL: must be the address alone, without a path or a trailing slash, like https://kindred.your-campus.edu']);
  }
  expect(loadConfig({ ...production, PUBLIC_URL: 'https://kindred.example.edu' }).publicUrl).toBe('https://kindred.example.edu');
});

describe('storage, metrics and backups', () => {
  it('keeps uploads on the local disk unless a bucket is named', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'local' });
  });

  it('speaks S3 when S3_BUCKET is set', () => {
    const config = loadConfig({ S3_BUCKET: 'kindred-uploads', S3_ENDPOINT: 'http://minio:9000/', S3_ACCESS_KEY_ID: 'kindred', S3_SECRET_ACCESS_KEY_FILE: secretFile('s3', 'minio-secret\n') });
    expect(config.storage).toEqual({ kind: 's3', bucket: 'kindred-uploads', endpoint: 'http://minio:9000', region: 'us-east-1', accessKeyId: 'kindred', secretAccessKey: 'minio-secret', forcePathStyle: true });
  });

  it('refuses S3 settings that would silently leave uploads on one disk', () => {
    expect(issuesOf({ S3_ENDPOINT: 'http://minio:9000' })[0]).toMatch(/^S3_BUCKET: required/);
    expect(issuesOf({ S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'k' })).toEqual(['S3_SECRET_ACCESS_KEY: required with S3_ACCESS_KEY_ID']);
    expect(issuesOf({ S3_BUCKET: 'Not_A_Bucket' })[0]).toMatch(/^S3_BUCKET: must be an S3 bucket name/);
  });

  it('reads the metrics token and the backup settings', () => {
    expect(loadConfig({ METRICS_TOKEN: 'short' }).metricsToken).toBeUndefined(); // turned off, logged (config-features.test.ts)
    const config = loadConfig({ METRICS_TOKEN: 't'.repeat(20), BACKUP_DIR: '/backups', BACKUP_KEEP: '14' });
    expect(config.metricsToken).toBe('t'.repeat(20));
    expect(config.backup).toEqual({ dir: '/backups', keep: 14 });
    expect(loadConfig({}).backup).toEqual({ dir: undefined, keep: 7 });
  });
});
