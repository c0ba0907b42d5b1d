import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { issuesOf } from '../test/config-issues.js';
import { loadConfig } from './config.js';
import { settingNames } from './settings.js';
import { projectRoot } from './paths.js';

describe('loadConfig', () => {
  it('runs with no settings at all: embedded database in ./data, port 3000', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      databaseUrl: undefined,
      dataDir: path.resolve('./data'),
      productName: 'Kindred',
      mailDomain: 'kindred.local',
      jsonBodyLimit: '100kb',
      trustProxy: 0,
    });
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it('reads every setting it is given', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: 's'.repeat(40),
      PORT: '8080',
      DATABASE_URL: 'postgres://kindred:secret@db:5432/kindred',
      DATA_DIR: '/var/lib/kindred',
      PRODUCT_NAME: 'CampusMatch',
      MAIL_DOMAIN: 'Match.Example.EDU',
      TRUST_PROXY: '1',
      JSON_BODY_LIMIT: '1MB',
      SMTP_URL: 'smtp://mail:25',
      PUBLIC_URL: 'https://match.example.edu',
    });
    expect(config).toMatchObject({
      env: 'production',
      port: 8080,
      databaseUrl: 'postgres://kindred:secret@db:5432/kindred',
      dataDir: '/var/lib/kindred',
      productName: 'CampusMatch',
      mailDomain: 'match.example.edu',
      trustProxy: 1,
      jsonBodyLimit: '1mb',
      smtpUrl: 'smtp://mail:25',
      sessionSecret: 's'.repeat(40),
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/kindred'],
    ['MAIL_DOMAIN', 'not a domain'],
    ['TRUST_PROXY', '-1'],
    ['JSON_BODY_LIMIT', 'lots'],
    ['LOG_LEVEL', 'chatty'],
    ['NODE_ENV', 'staging'],
    ['DB_POOL_MAX', '0'],
    ['SMTP_URL', 'http://mail'],
    ['ADMIN_EMAIL', 'boss'],
    ['PUBLIC_URL', 'ftp://x'],
    ['SESSION_IDLE_DAYS', '-1'],
  ])('names the bad setting %s=%s', (name, value) => {
    const issues = issuesOf({ [name]: value });
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatch(new RegExp(`^${name}: `));
  });

  it('requires SESSION_SECRET, SMTP_URL and PUBLIC_URL in production', () => {
    expect(issuesOf({ NODE_ENV: 'production' })).toEqual(['SESSION_SECRET: required in production (at least 32 random characters)']);
    expect(issuesOf({ NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40) })).toEqual([
      'SMTP_URL: required in production (sign-up codes and resets are mailed)',
      'PUBLIC_URL: required in production (the https:// address members use, for links in mail)',
    ]);
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40), SMTP_URL: 'smtp://mail:25', PUBLIC_URL: 'https://kindred.example.edu' })).not.toThrow();
    expect(issuesOf({ SESSION_SECRET: 'short' })[0]).toMatch(/^SESSION_SECRET: /);
  });

  it('parses rate limits as hits per window', () => {
    expect(loadConfig({ RATE_LIMIT_LOGIN_ACCOUNT: '5/2h' }).rateLimits.loginAccount).toEqual({ limit: 5, windowMs: 7_200_000 });
    expect(issuesOf({ RATE_LIMIT_LOGIN_IP: '0/1h' })[0]).toMatch(/^RATE_LIMIT_LOGIN_IP: /);
    expect(issuesOf({ RATE_LIMIT_LOGIN_IP: '5 per hour' })[0]).toMatch(/^RATE_LIMIT_LOGIN_IP: /);
  });

  it('derives the public URL and the sender from other settings', () => {
    expect(loadConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
    expect(loadConfig({ PUBLIC_URL: 'https://kindred.example.edu/' }).publicUrl).toBe('https://kindred.example.edu');
    expect(loadConfig({ PRODUCT_NAME: 'Campus', MAIL_DOMAIN: 'c.edu' }).mailFrom).toBe('"Campus" <no-reply@c.edu>');
    expect(loadConfig({ ADMIN_EMAIL: 'Boss@Example.com' }).adminEmail).toBe('boss@example.com');
  });

  it('reads from a replica only beside an external database, with the primary\'s password unless it has its own', () => {
    expect(loadConfig({})).toMatchObject({ databaseReplicaUrl: undefined, replicaMaxLagMs: 2000 });
    expect(loadConfig({ DATABASE_REPLICA_URL: 'postgres://replica/kindred' }).disabledFeatures[0]!.issues).toEqual(['DATABASE_REPLICA_URL: needs DATABASE_URL or DATABASE_HOST (the embedded database has no replicas)']);
    const parts = { DATABASE_HOST: 'db', DATABASE_PASSWORD: 'p@ss/w:rd' };
    expect(loadConfig({ ...parts, DATABASE_REPLICA_URL: 'postgres://replica:5432/kindred' }).databaseReplicaUrl).toBe('postgres://kindred:p%40ss%2Fw%3Ard@replica:5432/kindred');
    expect(loadConfig({ ...parts, DATABASE_REPLICA_URL: 'postgres://kindred@replica/kindred?sslmode=require' }).databaseReplicaUrl).toBe('postgres://kindred:p%40ss%2Fw%3Ard@replica/kindred?sslmode=require');
    expect(loadConfig({ ...parts, DATABASE_REPLICA_URL: 'postgres://kindred:own@replica/kindred' }).databaseReplicaUrl).toBe('postgres://kindred:own@replica/kindred');
    expect(loadConfig({ ...parts, DATABASE_REPLICA_URL: 'postgres://reader@replica/kindred' }).databaseReplicaUrl).toBe('postgres://reader@replica/kindred');
    expect(loadConfig({ DATABASE_URL: 'postgres://127.0.0.1/k', DATABASE_REPLICA_URL: 'postgres://127.0.0.1:5433/k', REPLICA_MAX_LAG_MS: '500' })).toMatchObject({
      databaseReplicaUrl: 'postgres://127.0.0.1:5433/k',
      replicaMaxLagMs: 500,
    });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/k', DATABASE_REPLICA_URL: 'mysql://replica/k' }).disabledFeatures[0]!.issues[0]).toMatch(/^DATABASE_REPLICA_URL: /);
    expect(loadConfig({ REPLICA_MAX_LAG_MS: '50' }).disabledFeatures[0]!.issues[0]).toMatch(/^REPLICA_MAX_LAG_MS: /);
  });

  it('copies backups off the host only with a bucket, encrypted to age public keys', () => {
    const recipient = 'age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p';
    expect(loadConfig({}).backup.offsite).toBeUndefined();
    expect(loadConfig({ BACKUP_S3_BUCKET: 'campus-backups' }).backup.offsite).toEqual({
      bucket: 'campus-backups',
      endpoint: undefined,
      region: 'us-east-1',
      prefix: 'kindred/',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: true,
      keep: 30,
      recipients: [],
    });
    expect(
      loadConfig({
        BACKUP_S3_BUCKET: 'campus-backups',
        BACKUP_S3_ENDPOINT: 'https://s3.eu-central-003.backblazeb2.com/',
        BACKUP_S3_REGION: 'eu-central-003',
        BACKUP_S3_PREFIX: 'prod/kindred',
        BACKUP_S3_ACCESS_KEY_ID: 'key-id',
        BACKUP_S3_SECRET_ACCESS_KEY: 'secret',
        BACKUP_S3_FORCE_PATH_STYLE: 'false',
        BACKUP_S3_KEEP: '90',
        BACKUP_ENCRYPT_RECIPIENT: `${recipient}, ${recipient.replace('age1ql3', 'age1ql4')}`,
      }).backup.offsite,
    ).toEqual({
      bucket: 'campus-backups',
      endpoint: 'https://s3.eu-central-003.backblazeb2.com',
      region: 'eu-central-003',
      prefix: 'prod/kindred/',
      accessKeyId: 'key-id',
      secretAccessKey: 'secret',
      forcePathStyle: false,
      keep: 90,
      recipients: [recipient, recipient.replace('age1ql3', 'age1ql4')],
    });
    expect(loadConfig({ BACKUP_S3_BUCKET: 'b-1', BACKUP_S3_PREFIX: '' }).backup.offsite?.prefix).toBe('kindred/');

    const bucket = { BACKUP_S3_BUCKET: 'campus-backups' };
    for (const [name, value] of [
      ['BACKUP_S3_BUCKET', 'Not_A_Bucket'],
      ['BACKUP_S3_ENDPOINT', 's3.example.com'],
      ['BACKUP_S3_PREFIX', '/kindred/'],
      ['BACKUP_S3_PREFIX', 'a//b'],
      ['BACKUP_S3_FORCE_PATH_STYLE', 'yes'],
      ['BACKUP_S3_KEEP', '0'],
      ['BACKUP_ENCRYPT_RECIPIENT', 'ssh-ed25519 AAAAC3Nza'],
      ['BACKUP_ENCRYPT_RECIPIENT', 'AGE-SECRET-KEY-1QQQ'],
      ['BACKUP_ENCRYPT_RECIPIENT', recipient.slice(0, -1)],
    ] as const) {
      expect([name, issuesOf({ ...bucket, [name]: value })]).toEqual([name, [expect.stringMatching(new RegExp(`^${name}: `))]]);
    }
    expect(issuesOf({ ...bucket, BACKUP_ENCRYPT_RECIPIENT: 'ssh-ed25519 AAAAC3Nza' })[0]).toMatch(/must be an age public key \(the age1… line age-keygen prints/);
    expect(issuesOf({ ...bucket, BACKUP_ENCRYPT_RECIPIENT: 'AGE-SECRET-KEY-1QQQ' })).toEqual(['BACKUP_ENCRYPT_RECIPIENT: is a private key (AGE-SECRET-KEY-…): it must never be on the server; use its public key, the age1… line']);
    expect(issuesOf({ BACKUP_ENCRYPT_RECIPIENT: recipient })).toEqual(['BACKUP_ENCRYPT_RECIPIENT: encrypts the off-host copies, so it needs BACKUP_S3_BUCKET']);
    expect(issuesOf({ BACKUP_S3_ENDPOINT: 'https://s3.example.com' })).toEqual(['BACKUP_S3_BUCKET: required when BACKUP_S3_ENDPOINT or BACKUP_S3_ACCESS_KEY_ID is set (backups would silently stay on this host)']);
    expect(issuesOf({ ...bucket, BACKUP_S3_ACCESS_KEY_ID: 'key-id' })).toEqual(['BACKUP_S3_SECRET_ACCESS_KEY: required with BACKUP_S3_ACCESS_KEY_ID']);
  });

  it('reads the off-host bucket\'s secret key from a file', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'kindred-config-'));
    try {
      writeFileSync(path.join(dir, 'key'), 'from-a-file\n');
      expect(loadConfig({ BACKUP_S3_BUCKET: 'campus-backups', BACKUP_S3_SECRET_ACCESS_KEY_FILE: path.join(dir, 'key') }).backup.offsite?.secretAccessKey).toBe('from-a-file');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads the weekly introductions\' schedule as a cron expression, and names the setting when it is not one', () => {
    expect(loadConfig({}).jobs.weeklyIntroductions).toBe('0 9 * * 1');
    expect(loadConfig({ CRON_WEEKLY_INTRODUCTIONS: '30 18 * * 5' }).jobs.weeklyIntroductions).toBe('30 18 * * 5');
    expect(() => loadConfig({ CRON_WEEKLY_INTRODUCTIONS: 'mondays at nine' })).toThrow(/CRON_WEEKLY_INTRODUCTIONS.*must be a cron expression: minute hour day month weekday/);
  });

  it('reports every bad setting at once', () => {
    expect(issuesOf({ PORT: 'x', LOG_LEVEL: 'y' })).toHaveLength(2);
  });
});

it('.env.example documents every setting, each with a line saying what it does', () => {
  const all = readFileSync(path.join(projectRoot, '.env.example'), 'utf8').split('\n');
  // Below this line come the variables only compose.yaml reads (docker/compose.test.ts checks them).
  const marker = all.indexOf('# ---- docker compose only (compose.yaml reads these; the app never does) ----');
  const lines = marker === -1 ? all : all.slice(0, marker);
  const documented = lines.filter((line) => /^[A-Z0-9_]+=/.test(line)).map((line) => line.split('=')[0]);
  expect(documented.sort()).toEqual([...settingNames].sort());
  for (const name of settingNames) {
    const index = lines.findIndex((line) => line.startsWith(`${name}=`));
    expect(lines.slice(0, index).reverse().find((line) => line.trim() !== '')).toMatch(/^# /);
  }
  // The defaults written there are the ones the code uses.
  const example = Object.fromEntries(lines.filter((l) => /^[A-Z_]+=/.test(l)).map((l) => l.split('=') as [string, string]));
  expect(loadConfig(example)).toEqual(loadConfig({}));
});
