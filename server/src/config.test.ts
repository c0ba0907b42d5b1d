import { readFileSync } from 'node:fs';
import path from 'node:path';

import { issuesOf } from '../test/config-issues.js';
import { loadConfig, settingNames } from './config.js';
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
