import { readFileSync } from 'node:fs';
import path from 'node:path';

import { Cron } from 'croner';
import { z } from 'zod';

import { type DisabledFeature, type OptionalFeature, optionalFeatureOf } from './config-features.js';

/**
 * Every setting Kindred reads, parsed once from the environment into one typed object.
 * `.env.example` documents each of them; keep the two in step.
 */

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/** Croner reads the pattern as cron will; a paused schedule starts no timer. */
function isCronPattern(pattern: string): boolean {
  try {
    new Cron(pattern, { paused: true }).stop();
    return true;
  } catch {
    return false;
  }
}

const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** "N/<count><s|m|h|d>": at most N hits per window, e.g. 10/15m. */
function rateLimit(fallback: string) {
  return z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default(fallback)
      .pipe(
        z
          .string()
          .regex(/^\d+\/\d+[smhd]$/, 'must look like 10/15m (hits per window; s, m, h or d)')
          .transform((value): RateLimitRule => {
            const [limit, window] = value.split('/') as [string, string];
            const unit = window.slice(-1) as keyof typeof UNIT_MS;
            return { limit: Number(limit), windowMs: Number(window.slice(0, -1)) * UNIT_MS[unit] };
          })
          .refine((rule) => rule.limit > 0 && rule.windowMs > 0, 'needs a limit and a window above zero'),
      ),
  );
}

const schema = z.object({
  NODE_ENV: z.preprocess(emptyAsUndefined, z.enum(['development', 'production', 'test']).default('development')),
  HOST: z.preprocess(emptyAsUndefined, z.string().min(1).default('0.0.0.0')),
  PORT: z.preprocess(emptyAsUndefined, port.default(3000)),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine((value) => /^postgres(ql)?:\/\//.test(value), 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  DATABASE_HOST: z.preprocess(emptyAsUndefined, z.string().trim().min(1).optional()),
  DATABASE_PORT: z.preprocess(emptyAsUndefined, port.default(5432)),
  DATABASE_NAME: z.preprocess(emptyAsUndefined, z.string().trim().min(1).default('kindred')),
  DATABASE_USER: z.preprocess(emptyAsUndefined, z.string().trim().min(1).default('kindred')),
  DATABASE_PASSWORD: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  DATABASE_REPLICA_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine((value) => /^postgres(ql)?:\/\//.test(value), 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  // Below about four health checks' worth the replica would drop in and out between checks.
  REPLICA_MAX_LAG_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(200).max(600_000).default(2000)),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).default('./data')),
  S3_BUCKET: z.preprocess(emptyAsUndefined, z.string().trim().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3-63 lower-case letters, digits, dots, hyphens)').optional()),
  S3_ENDPOINT: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  S3_REGION: z.preprocess(emptyAsUndefined, z.string().trim().min(1).default('us-east-1')),
  S3_ACCESS_KEY_ID: z.preprocess(emptyAsUndefined, z.string().trim().min(1).optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  S3_FORCE_PATH_STYLE: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('true')),
  METRICS_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
  BACKUP_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  BACKUP_KEEP: z.preprocess(emptyAsUndefined, positiveInt.max(365).default(7)),
  BACKUP_S3_BUCKET: z.preprocess(emptyAsUndefined, z.string().trim().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3-63 lower-case letters, digits, dots, hyphens)').optional()),
  BACKUP_S3_ENDPOINT: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  BACKUP_S3_REGION: z.preprocess(emptyAsUndefined, z.string().trim().min(1).default('us-east-1')),
  // Object keys are prefix + kindred-<time>-<id>.tar[.age]; a prefix without a trailing slash gets one.
  BACKUP_S3_PREFIX: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .regex(/^(?!\/)(?!.*\/\/)[A-Za-z0-9!_.*'()/-]{0,200}$/, 'must be a key prefix such as kindred/ (letters, digits, / ! - _ . * \' ( ); no leading / and no //)')
      .default('kindred/')
      .transform((value) => (value === '' || value.endsWith('/') ? value : `${value}/`)),
  ),
  BACKUP_S3_ACCESS_KEY_ID: z.preprocess(emptyAsUndefined, z.string().trim().min(1).optional()),
  BACKUP_S3_SECRET_ACCESS_KEY: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  BACKUP_S3_FORCE_PATH_STYLE: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('true')),
  BACKUP_S3_KEEP: z.preprocess(emptyAsUndefined, positiveInt.max(3650).default(30)),
  // Only X25519 recipients (what age-keygen prints): plugin keys (age1yubikey1…) need a plugin
  // binary the image does not have. Several, comma-separated, so two admins can each hold a key.
  BACKUP_ENCRYPT_RECIPIENT: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      // Never echoed back: a value pasted here by mistake may be the private key.
      .refine((value) => !/AGE-SECRET-KEY-/i.test(value), 'is a private key (AGE-SECRET-KEY-…): it must never be on the server; use its public key, the age1… line')
      .transform((value) => value.split(',').map((key) => key.trim()).filter(Boolean))
      .refine((keys) => keys.length > 0 && keys.every((key) => /^age1[02-9ac-hj-np-z]{58}$/.test(key)), 'must be an age public key (the age1… line age-keygen prints, 62 characters); several are separated by commas')
      .optional(),
  ),
  DB_POOL_MAX: z.preprocess(emptyAsUndefined, positiveInt.max(100).default(10)),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  PRODUCT_NAME: z.preprocess(emptyAsUndefined, z.string().trim().min(1).max(60).default('Kindred')),
  MAIL_DOMAIN: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/i, 'must be a domain name such as kindred.local')
      .default('kindred.local'),
  ),
  JSON_BODY_LIMIT: z.preprocess(
    emptyAsUndefined,
    z.string().regex(/^\d+(b|kb|mb)$/i, 'must be a size such as 100kb or 1mb').default('100kb'),
  ),
  TRUST_PROXY: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(10).default(0)),
  SHUTDOWN_TIMEOUT_MS: z.preprocess(emptyAsUndefined, positiveInt.default(4000)),
  SHUTDOWN_DRAIN_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(120_000).default(0)),
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  SESSION_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  // During a rotation: still verifies the cookies it signed, so nobody is signed out by the change.
  SESSION_SECRET_PREVIOUS: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  SESSION_IDLE_DAYS: z.preprocess(emptyAsUndefined, z.coerce.number().positive().max(365).default(14)),
  SESSION_ABSOLUTE_DAYS: z.preprocess(emptyAsUndefined, z.coerce.number().positive().max(365).default(30)),
  ADMIN_EMAIL: z.preprocess(emptyAsUndefined, z.email('must be an e-mail address').optional()),
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine((value) => /^smtps?:\/\//.test(value), 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  // The SMTP password apart from SMTP_URL, so it can come from a file (SMTP_PASSWORD_FILE) while the
  // URL, which the admin page shows, names only the user and the server.
  SMTP_PASSWORD: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().min(3).optional()),
  AI_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(['auto', 'ollama', 'builtin']).default('auto')),
  OLLAMA_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('http://127.0.0.1:11434')),
  OLLAMA_CHAT_MODEL: z.preprocess(emptyAsUndefined, z.string().min(1).default('llama3.2:3b')),
  OLLAMA_EMBED_MODEL: z.preprocess(emptyAsUndefined, z.string().min(1).default('nomic-embed-text')),
  OLLAMA_EMBED_DIMENSIONS: z.preprocess(emptyAsUndefined, positiveInt.max(4096).default(768)),
  OLLAMA_TIMEOUT_MS: z.preprocess(emptyAsUndefined, positiveInt.default(120_000)),
  WHISPER_MODEL: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  WHISPER_TIMEOUT_MS: z.preprocess(emptyAsUndefined, positiveInt.default(60_000)),
  // 0: measured, a regeneration without pauses leaves search within 1.5x of idle (docs/benchmarks-jobs.md).
  JOB_PAUSE_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(60_000).default(0)),
  CRON_NIGHTLY: z.preprocess(emptyAsUndefined, z.string().trim().min(9).default('30 3 * * *')),
  CRON_TIMEZONE: z.preprocess(emptyAsUndefined, z.string().trim().min(1).optional()),
  CRON_WEEKLY_INTRODUCTIONS: z.preprocess(emptyAsUndefined, z.string().trim().default('0 9 * * 1').refine(isCronPattern, 'must be a cron expression: minute hour day month weekday, e.g. 0 9 * * 1 (Mondays at 09:00)')),
  STRIPE_SECRET_KEY: z.preprocess(emptyAsUndefined, z.string().trim().regex(/^(sk|rk)_(test|live)_\S+$/, 'must be a Stripe secret or restricted key (sk_… or rk_…)').optional()),
  STRIPE_WEBHOOK_SECRET: z.preprocess(emptyAsUndefined, z.string().trim().regex(/^whsec_\S+$/, 'must be a webhook signing secret (whsec_…)').optional()),
  STRIPE_API_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine((value) => /^https?:\/\/[^/]+\/?$/.test(value), 'must be a bare http(s)://host[:port] URL')
      .optional(),
  ),
  SEARCH_FREE_DAILY: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(10_000).default(20)),
  COMPANY_NAME: z.preprocess(emptyAsUndefined, z.string().trim().min(1).max(120).optional()),
  COMPANY_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  SUPPORT_EMAIL: z.preprocess(emptyAsUndefined, z.email({ error: 'must be an e-mail address' }).optional()),
  SUPPORT_PHONE: z.preprocess(emptyAsUndefined, z.string().trim().regex(/^[+0-9 ().-]{5,30}$/, 'must be a phone number (digits, spaces, + ( ) . -)').optional()),
  // No default: any address printed by default would be someone else's, stated as the operator's
  // in the privacy policy (legal.service.ts says what is printed while it is unset).
  POSTAL_ADDRESS: z.preprocess(emptyAsUndefined, z.string().trim().min(1).max(300).optional()),
  LEGAL_VERSION: z.preprocess(emptyAsUndefined, z.string().trim().regex(/^\d+(\.\d+)*$/, 'must look like 1.0').default('1.0')),
  LEGAL_EFFECTIVE_DATE: z.preprocess(emptyAsUndefined, z.iso.date({ error: 'must be a date like 2025-09-20' }).default('2025-09-20')),
  EARLY_USER_GIFT_LIMIT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(10_000_000).default(5000)),
  TOUCHPOINT_WINDOW_DAYS: z.preprocess(emptyAsUndefined, positiveInt.max(365).default(30)),
  TOUCHPOINT_LIST_DELAY_MINUTES: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(1440).default(60)),
  SMTP_TIMEOUT_MS: z.preprocess(emptyAsUndefined, positiveInt.max(120_000).default(10_000)),
  MAIL_MAX_ATTEMPTS: z.preprocess(emptyAsUndefined, positiveInt.max(20).default(6)),
  RATE_LIMIT_STANDARDIZE_USER: rateLimit('120/1h'),
  RATE_LIMIT_CHAT_USER: rateLimit('300/1h'),
  RATE_LIMIT_SPEECH_USER: rateLimit('60/1h'),
  RATE_LIMIT_UPLOAD_USER: rateLimit('60/1h'),
  RATE_LIMIT_SEARCH_USER: rateLimit('120/1h'),
  RATE_LIMIT_ANALYSIS_USER: rateLimit('60/1h'),
  RATE_LIMIT_MESSAGE_USER: rateLimit('30/1h'),
  RATE_LIMIT_REPORT_USER: rateLimit('20/1d'),
  RATE_LIMIT_CHECKOUT_USER: rateLimit('20/1h'),
  RATE_LIMIT_COMMENT_IP: rateLimit('10/10m'),
  RATE_LIMIT_COMMENT_USER: rateLimit('30/1h'),
  RATE_LIMIT_CODE_USER: rateLimit('30/1h'),
  RATE_LIMIT_CODE_IP: rateLimit('60/1h'),
  RATE_LIMIT_TOUCHPOINT_IP: rateLimit('120/10m'),
  RATE_LIMIT_LOGIN_IP: rateLimit('30/15m'),
  RATE_LIMIT_LOGIN_ACCOUNT: rateLimit('10/15m'),
  RATE_LIMIT_SIGNUP_IP: rateLimit('20/1h'),
  RATE_LIMIT_SIGNUP_EMAIL: rateLimit('5/1h'),
  RATE_LIMIT_VERIFY_EMAIL: rateLimit('20/1h'),
  RATE_LIMIT_FORGOT_IP: rateLimit('20/1h'),
  RATE_LIMIT_FORGOT_EMAIL: rateLimit('3/1h'),
  RATE_LIMIT_RESET_IP: rateLimit('30/1h'),
  SEARCH_VERIFIED_ONLY: z.preprocess(emptyAsUndefined, z.enum(['on', 'off']).default('off')),
  AUTH_PASSWORD: z.preprocess(emptyAsUndefined, z.enum(['on', 'off']).default('on')),
  SIGNUP_EMAIL_DOMAINS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .transform((value) => value.split(',').map((domain) => domain.trim().toLowerCase()).filter(Boolean))
      .pipe(z.array(z.string().regex(/^\.?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/, 'must be domains separated by commas, like ubc.ca,.ubc.ca (a leading dot allows subdomains)')))
      .optional(),
  ),
  OIDC_ISSUER: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/, error: 'must be the identity provider\'s https:// issuer URL' }).optional()),
  OIDC_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().trim().min(1).optional()),
  OIDC_CLIENT_SECRET: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  OIDC_BUTTON_LABEL: z.preprocess(emptyAsUndefined, z.string().trim().min(1).max(80).default('Sign in with your campus account')),
  OIDC_SCOPES: z.preprocess(emptyAsUndefined, z.string().trim().regex(/^[\w:./-]+( [\w:./-]+)*$/, 'must be scopes separated by spaces, like "openid email profile"').default('openid email profile')),
});

/** The environment variables Kindred reads. */
export const settingNames = Object.keys(schema.shape);

/**
 * A setting's default as the schema gives it when unset (undefined: none), for the generated
 * settings table (tools/settings-table.ts): read from the schema, so the table cannot drift.
 */
export function settingDefault(name: string): unknown {
  const field = (schema.shape as Record<string, z.ZodType>)[name];
  const parsed = field?.safeParse(undefined);
  return parsed?.success ? parsed.data : undefined;
}

/**
 * Secrets that may come from a file instead (`NAME_FILE=/run/secrets/name`), as Docker and
 * Kubernetes secrets are mounted: the value then never appears in `docker inspect` or the process
 * environment. One trailing newline is dropped.
 */
export const FILE_SETTINGS = ['DATABASE_URL', 'DATABASE_PASSWORD', 'SESSION_SECRET', 'SESSION_SECRET_PREVIOUS', 'SMTP_URL', 'SMTP_PASSWORD', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'S3_SECRET_ACCESS_KEY', 'BACKUP_S3_SECRET_ACCESS_KEY', 'METRICS_TOKEN', 'OIDC_CLIENT_SECRET'] as const;

function readSecretFiles(env: NodeJS.ProcessEnv): { env: NodeJS.ProcessEnv; issues: string[] } {
  const out = { ...env };
  const issues: string[] = [];
  for (const name of FILE_SETTINGS) {
    const file = env[`${name}_FILE`];
    if (!file) continue;
    if (env[name]) {
      issues.push(`${name}_FILE: set ${name} or ${name}_FILE, not both`);
      continue;
    }
    try {
      out[name] = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      issues.push(`${name}_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
  return { env: out, issues };
}

/**
 * The database URL from DATABASE_URL, or built from DATABASE_HOST and its parts with each part
 * percent-encoded, so a password holding / @ # ? % cannot break it.
 */
function databaseUrlOf(s: z.infer<typeof schema>): string | undefined {
  if (s.DATABASE_URL) return s.DATABASE_URL;
  if (!s.DATABASE_HOST) return undefined;
  const auth = `${encodeURIComponent(s.DATABASE_USER)}${s.DATABASE_PASSWORD ? `:${encodeURIComponent(s.DATABASE_PASSWORD)}` : ''}`;
  const host = s.DATABASE_HOST.includes(':') ? `[${s.DATABASE_HOST}]` : s.DATABASE_HOST;
  return `postgres://${auth}@${host}:${s.DATABASE_PORT}/${encodeURIComponent(s.DATABASE_NAME)}`;
}

/**
 * A streaming replica is a copy of the primary's whole cluster, roles and passwords included: a
 * replica URL without a password takes the primary's (and its user when it names none), so the
 * password is set in one place and never pasted into a second URL.
 */
function replicaUrlOf(replicaUrl: string, primaryUrl: string | undefined): string {
  const replica = new URL(replicaUrl);
  const primary = primaryUrl ? new URL(primaryUrl) : undefined;
  if (!primary?.password || replica.password || (replica.username && replica.username !== primary.username)) return replicaUrl;
  replica.username = primary.username;
  replica.password = primary.password;
  return replica.toString();
}

/**
 * SMTP_PASSWORD goes with a URL that names its user and holds no password of its own: two
 * passwords would leave it unclear which one is sent, and without a user there is nobody to log in.
 */
function smtpPasswordIssue(smtpUrl: string | undefined): string | undefined {
  if (!smtpUrl) return 'SMTP_PASSWORD: needs SMTP_URL (smtp://user@host:587) to say which server and user it is for';
  const url = new URL(smtpUrl);
  if (url.password) return 'SMTP_PASSWORD: SMTP_URL already holds a password; set it in one place (SMTP_URL=smtp://user@host:587 with SMTP_PASSWORD)';
  if (!url.username) return 'SMTP_PASSWORD: SMTP_URL must name the user, like smtp://user@host:587';
  return undefined;
}

export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      /** Unset: AWS itself; set: MinIO, Ceph, Garage or another S3-compatible service. */
      endpoint: string | undefined;
      region: string;
      /** Unset: the AWS SDK's own credential chain (instance role, AWS_* variables). */
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
      forcePathStyle: boolean;
    };

/**
 * Off-host copies of every backup (docs/operations.md, "Backups and restore"): the backup folder
 * streamed as one tar archive, encrypted to `recipients` with age when there are any.
 */
export interface OffsiteBackupConfig {
  bucket: string;
  /** Unset: AWS itself; set: another S3-compatible service (Backblaze B2, Wasabi, MinIO elsewhere). */
  endpoint: string | undefined;
  region: string;
  /** '' or ending in '/'. */
  prefix: string;
  /** Unset: the AWS SDK's own credential chain. */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
  /** Copies kept in the bucket; older ones are deleted after each new one. */
  keep: number;
  /** age public keys (age1…); empty: the copy is a plain tar. */
  recipients: string[];
}

/** Sign-in with the campus's OpenID Connect provider (docs/operations.md, "Campus sign-in"). */
export interface OidcConfig {
  issuer: string;
  clientId: string;
  /** Unset: a public client (PKCE alone), for providers that allow it. */
  clientSecret: string | undefined;
  buttonLabel: string;
  scopes: string;
}

export interface Config {
  /** Optional features turned off because a setting of theirs is invalid (config-features.ts); logged at start. */
  disabledFeatures: DisabledFeature[];
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Set: an external Postgres. Unset: the embedded PGlite database in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /**
   * Set: search retrieval, the feeds and the admin's reports read from this streaming replica
   * while it is reachable and at most `replicaMaxLagMs` behind (db/read-routing.ts).
   */
  databaseReplicaUrl: string | undefined;
  replicaMaxLagMs: number;
  dbPoolMax: number;
  /** Where uploads live: DATA_DIR/uploads, or an S3-compatible bucket when S3_BUCKET is set. */
  storage: StorageConfig;
  /** Unset: /metrics answers 404. Set: it answers to `Authorization: Bearer <token>` only. */
  metricsToken: string | undefined;
  backup: {
    /** Set: the nightly maintenance also writes a backup here (`cli backup` writes one any time). */
    dir: string | undefined;
    /** Backups kept; older ones are deleted after each new one. */
    keep: number;
    /** Set (BACKUP_S3_BUCKET): each backup is also copied off the host, and `restore --from s3://` reads from there. */
    offsite: OffsiteBackupConfig | undefined;
  };
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  productName: string;
  mailDomain: string;
  jsonBodyLimit: string;
  /** Number of reverse proxies in front of the app (Express `trust proxy` hop count). */
  trustProxy: number;
  shutdownTimeoutMs: number;
  /** On SIGTERM, how long /readyz answers 503 while requests are still served, before the listener closes. */
  shutdownDrainMs: number;
  /** Where members reach the app (used in e-mailed links). */
  publicUrl: string;
  jobs: {
    /** Pause between a job's batches, so members' requests (and their AI calls) go first. */
    pauseMs: number;
    /** When `cli cron` runs the nightly maintenance (a cron expression), and in which time zone. */
    nightly: string;
    /** CRON_WEEKLY_INTRODUCTIONS: when `cli cron` runs the weekly-introductions job. */
    weeklyIntroductions: string;
    timezone: string | undefined;
  };
  payments: {
    /** Unset: payments are not configured and every payment button says so. */
    stripeSecretKey: string | undefined;
    stripeWebhookSecret: string | undefined;
    /** Another address for Stripe's API (a local stand-in); unset: Stripe itself. */
    stripeApiUrl: string | undefined;
  };
  /** Who runs this server, as the terms, the privacy policy, contact and help pages say. */
  site: {
    companyName: string;
    companyUrl: string | undefined;
    supportEmail: string;
    supportPhone: string | undefined;
    /** Unset: the legal pages say so (legal.service.ts), and production warns at start. */
    postalAddress: string | undefined;
    legalVersion: string;
    /** yyyy-mm-dd */
    legalEffectiveDate: string;
  };
  premium: {
    /** Searches a free member may run per campus day; premium members have no allowance. */
    searchFreeDaily: number;
    /** The first N members (by registration order) get six months of premium; 0: no gift. */
    earlyUserGiftLimit: number;
  };
  touchpoints: {
    /** Members are listed at a touchpoint for this long after they last tapped it. */
    windowDays: number;
    /** A tap lists its member only this long after it, so nobody can watch a place for who arrives. */
    listDelayMinutes: number;
  };
  mail: {
    /** Connect, greeting and socket timeouts of one SMTP delivery. */
    smtpTimeoutMs: number;
    /** Deliveries tried before a message is marked failed (the admin sees it). */
    maxAttempts: number;
  };
  /** Unset outside production: a random secret is kept in DATA_DIR instead. */
  sessionSecret: string | undefined;
  /**
   * The secret before the last rotation: session cookies it signed are still accepted (and
   * re-signed with `sessionSecret` on their next response). Codes and other keyed hashes use
   * `sessionSecret` alone.
   */
  sessionSecretPrevious: string | undefined;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  /** The one account that may be admin (with the admin role). */
  adminEmail: string | undefined;
  identity: {
    /** AUTH_PASSWORD=off: only campus sign-in; every password route is refused on the server. */
    passwordSignIn: boolean;
    /** Unset: any address may join. Set: only these domains ('.example.edu' also allows its subdomains). */
    signupEmailDomains: string[] | undefined;
    oidc: OidcConfig | undefined;
    /** SEARCH_VERIFIED_ONLY=on: search finds verified campus members only. */
    searchVerifiedOnly: boolean;
  };
  /** Unset: mail is written to DATA_DIR/outbox as .eml files. */
  smtpUrl: string | undefined;
  /** Set: the SMTP password, for the user SMTP_URL names (which then carries no password). */
  smtpPassword: string | undefined;
  mailFrom: string;
  ai: {
    /** auto: Ollama when it answers at boot with both models, else the built-in provider. */
    provider: 'auto' | 'ollama' | 'builtin';
    ollamaUrl: string;
    chatModel: string;
    embedModel: string;
    embedDimensions: number;
    timeoutMs: number;
  };
  speech: {
    /** Path to a whisper.cpp ggml model file. Unset: speech-to-text is unavailable and the mic hides. */
    whisperModel: string | undefined;
    timeoutMs: number;
  };
  rateLimits: {
    standardizeUser: RateLimitRule;
    chatUser: RateLimitRule;
    speechUser: RateLimitRule;
    uploadUser: RateLimitRule;
    searchUser: RateLimitRule;
    /** New detailed analyses of search results (each is work for the AI); polls do not count. */
    analysisUser: RateLimitRule;
    /** Mailbox messages a member may send (spam control). */
    messageUser: RateLimitRule;
    reportUser: RateLimitRule;
    /** Checkout sessions a member may start (each is a call to Stripe and a pending payment row). */
    checkoutUser: RateLimitRule;
    /** Comments and replies on touchpoint walls, per address (visitors too) and per member. */
    commentIp: RateLimitRule;
    commentUser: RateLimitRule;
    /** Member-code lookups and connections (find by code, exchange), so codes cannot be enumerated. */
    codeUser: RateLimitRule;
    codeIp: RateLimitRule;
    /** Touchpoint pages read per address (a scraper walking location names). */
    touchpointIp: RateLimitRule;
    loginIp: RateLimitRule;
    loginAccount: RateLimitRule;
    signupIp: RateLimitRule;
    signupEmail: RateLimitRule;
    verifyEmail: RateLimitRule;
    forgotIp: RateLimitRule;
    forgotEmail: RateLimitRule;
    resetIp: RateLimitRule;
  };
}

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Settings = z.infer<typeof schema>;
const issueText = (issue: z.core.$ZodIssue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`;

/**
 * Problems of an optional feature that only show across settings (a key without its partner, a
 * test-only address beside a live key): each turns that feature off, like a malformed value does.
 */
function optionalFeatureIssues(s: Settings): string[] {
  const issues: string[] = [];
  if (s.DATABASE_REPLICA_URL && !s.DATABASE_URL && !s.DATABASE_HOST) {
    issues.push('DATABASE_REPLICA_URL: needs DATABASE_URL or DATABASE_HOST (the embedded database has no replicas)');
  }
  if (s.NODE_ENV === 'production' && s.STRIPE_SECRET_KEY && !s.STRIPE_WEBHOOK_SECRET) {
    issues.push('STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY in production (without it no payment would ever be confirmed by Stripe\'s webhook)');
  }
  if (s.STRIPE_API_URL && s.STRIPE_SECRET_KEY?.includes('_live_')) {
    issues.push('STRIPE_API_URL: only for test keys (a live key is never sent anywhere but Stripe)');
  }
  const oidcParts = [s.OIDC_ISSUER, s.OIDC_CLIENT_ID];
  if (oidcParts.some(Boolean) && !oidcParts.every(Boolean)) {
    issues.push(`${s.OIDC_ISSUER ? 'OIDC_CLIENT_ID' : 'OIDC_ISSUER'}: required for campus sign-in (set OIDC_ISSUER and OIDC_CLIENT_ID together)`);
  }
  if (s.NODE_ENV === 'production' && s.OIDC_ISSUER && !s.OIDC_ISSUER.startsWith('https://')) {
    issues.push('OIDC_ISSUER: must be https:// in production (the ID token\'s keys are fetched from it)');
  }
  return issues;
}

/**
 * Parses the settings. A problem with a setting everything needs throws a ConfigError (naming the
 * optional features' problems too, so one restart fixes all); a problem with an optional feature's
 * setting (config-features.ts) turns that feature off instead: its settings are ignored and
 * `disabledFeatures` says why, for main.ts and the CLI to log. Nothing is logged here.
 */
export function loadConfig(rawEnv: NodeJS.ProcessEnv = process.env): Config {
  const { env, issues: fileIssues } = readSecretFiles(rawEnv);
  const disabled = new Map<OptionalFeature, string[]>();
  const fatal: string[] = [];
  const note = (issue: string) => {
    const feature = optionalFeatureOf(issue.slice(0, issue.indexOf(':')).split('.')[0]!);
    if (feature) disabled.set(feature, [...(disabled.get(feature) ?? []), issue]);
    else fatal.push(issue);
  };
  // Parses with every turned-off feature's settings left out.
  const parseWithout = (): Settings | undefined => {
    const kept = { ...env };
    for (const feature of disabled.keys()) for (const name of feature.settings) delete kept[name];
    const parsed = schema.safeParse(kept);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) note(issueText(issue));
    return undefined;
  };
  fileIssues.forEach(note);
  let s = parseWithout();
  if (!s && fatal.length === 0) s = parseWithout();
  if (s) {
    const crossIssues = optionalFeatureIssues(s);
    crossIssues.forEach(note);
    if (crossIssues.length > 0) s = parseWithout();
  }
  const disabledFeatures: DisabledFeature[] = [...disabled].map(([feature, issues]) => ({ disabled: feature.disabled, issues }));
  const optionalIssues = disabledFeatures.flatMap((feature) => feature.issues);
  if (fatal.length > 0 || !s) throw new ConfigError([...fatal, ...optionalIssues]);
  const fail = (issue: string): never => {
    throw new ConfigError([issue, ...optionalIssues]);
  };
  if (s.DATABASE_URL && s.DATABASE_HOST) {
    fail('DATABASE_HOST: set DATABASE_URL or DATABASE_HOST (with DATABASE_PASSWORD and the rest), not both');
  }
  if (s.S3_ACCESS_KEY_ID && !s.S3_SECRET_ACCESS_KEY) {
    fail('S3_SECRET_ACCESS_KEY: required with S3_ACCESS_KEY_ID');
  }
  if ((s.S3_ENDPOINT || s.S3_ACCESS_KEY_ID) && !s.S3_BUCKET) {
    fail('S3_BUCKET: required when S3_ENDPOINT or S3_ACCESS_KEY_ID is set (uploads would silently stay on local disk)');
  }
  if (s.BACKUP_S3_ACCESS_KEY_ID && !s.BACKUP_S3_SECRET_ACCESS_KEY) {
    throw new ConfigError(['BACKUP_S3_SECRET_ACCESS_KEY: required with BACKUP_S3_ACCESS_KEY_ID']);
  }
  if ((s.BACKUP_S3_ENDPOINT || s.BACKUP_S3_ACCESS_KEY_ID) && !s.BACKUP_S3_BUCKET) {
    throw new ConfigError(['BACKUP_S3_BUCKET: required when BACKUP_S3_ENDPOINT or BACKUP_S3_ACCESS_KEY_ID is set (backups would silently stay on this host)']);
  }
  // Only the off-host copy is encrypted: a recipient without a bucket would promise encryption
  // that never happens.
  if (s.BACKUP_ENCRYPT_RECIPIENT && !s.BACKUP_S3_BUCKET) {
    throw new ConfigError(['BACKUP_ENCRYPT_RECIPIENT: encrypts the off-host copies, so it needs BACKUP_S3_BUCKET']);
  }
  if (s.NODE_ENV === 'production' && !s.SESSION_SECRET) {
    fail('SESSION_SECRET: required in production (at least 32 random characters)');
  }
  // Production mails sign-up codes and links to members: without these it would write them to a
  // file on the server, or send links to localhost, and nobody could sign up.
  const missing = s.NODE_ENV === 'production' ? (['SMTP_URL', 'PUBLIC_URL'] as const).filter((name) => !s[name]) : [];
  if (missing.length > 0) throw new ConfigError([...missing.map((name) => `${name}: required in production (${name === 'SMTP_URL' ? 'sign-up codes and resets are mailed' : 'the https:// address members use, for links in mail'})`), ...optionalIssues]);
  // Links in mail are PUBLIC_URL + path, and the compose stack's Caddy serves PUBLIC_URL's host: a
  // path (even a lone trailing slash) would break both.
  if (s.NODE_ENV === 'production' && s.PUBLIC_URL && !/^https?:\/\/[^/?#]+$/.test(s.PUBLIC_URL)) {
    fail('PUBLIC_URL: must be the address alone, without a path or a trailing slash, like https://kindred.your-campus.edu');
  }
  const smtpIssue = s.SMTP_PASSWORD ? smtpPasswordIssue(s.SMTP_URL) : undefined;
  if (smtpIssue) fail(smtpIssue);
  // With passwords off, campus sign-in is the only way in: then it is not optional, and its own
  // problems stop start-up like this one.
  if (s.AUTH_PASSWORD === 'off' && !s.OIDC_ISSUER) {
    fail('AUTH_PASSWORD: off needs campus sign-in (OIDC_ISSUER and OIDC_CLIENT_ID); nobody could sign in');
  }
  const DAY_MS = 86_400_000;
  return {
    env: s.NODE_ENV,
    host: s.HOST,
    port: s.PORT,
    databaseUrl: databaseUrlOf(s),
    databaseReplicaUrl: s.DATABASE_REPLICA_URL && replicaUrlOf(s.DATABASE_REPLICA_URL, databaseUrlOf(s)),
    replicaMaxLagMs: s.REPLICA_MAX_LAG_MS,
    dataDir: path.resolve(s.DATA_DIR),
    dbPoolMax: s.DB_POOL_MAX,
    logLevel: s.LOG_LEVEL,
    productName: s.PRODUCT_NAME,
    mailDomain: s.MAIL_DOMAIN.toLowerCase(),
    jsonBodyLimit: s.JSON_BODY_LIMIT.toLowerCase(),
    trustProxy: s.TRUST_PROXY,
    shutdownTimeoutMs: s.SHUTDOWN_TIMEOUT_MS,
    shutdownDrainMs: s.SHUTDOWN_DRAIN_MS,
    publicUrl: (s.PUBLIC_URL ?? `http://localhost:${s.PORT}`).replace(/\/+$/, ''),
    sessionSecret: s.SESSION_SECRET,
    sessionSecretPrevious: s.SESSION_SECRET_PREVIOUS,
    sessionIdleMs: s.SESSION_IDLE_DAYS * DAY_MS,
    sessionAbsoluteMs: s.SESSION_ABSOLUTE_DAYS * DAY_MS,
    adminEmail: s.ADMIN_EMAIL?.trim().toLowerCase(),
    identity: {
      passwordSignIn: s.AUTH_PASSWORD === 'on',
      searchVerifiedOnly: s.SEARCH_VERIFIED_ONLY === 'on',
      signupEmailDomains: s.SIGNUP_EMAIL_DOMAINS?.length ? s.SIGNUP_EMAIL_DOMAINS : undefined,
      oidc:
        s.OIDC_ISSUER && s.OIDC_CLIENT_ID
          ? { issuer: s.OIDC_ISSUER, clientId: s.OIDC_CLIENT_ID, clientSecret: s.OIDC_CLIENT_SECRET, buttonLabel: s.OIDC_BUTTON_LABEL, scopes: s.OIDC_SCOPES }
          : undefined,
    },
    smtpUrl: s.SMTP_URL,
    smtpPassword: s.SMTP_PASSWORD,
    mailFrom: s.MAIL_FROM ?? `"${s.PRODUCT_NAME.replace(/["\\]/g, '')}" <no-reply@${s.MAIL_DOMAIN.toLowerCase()}>`,
    storage: s.S3_BUCKET
      ? {
          kind: 's3',
          bucket: s.S3_BUCKET,
          endpoint: s.S3_ENDPOINT?.replace(/\/+$/, ''),
          region: s.S3_REGION,
          accessKeyId: s.S3_ACCESS_KEY_ID,
          secretAccessKey: s.S3_SECRET_ACCESS_KEY,
          forcePathStyle: s.S3_FORCE_PATH_STYLE === 'true',
        }
      : { kind: 'local' },
    metricsToken: s.METRICS_TOKEN,
    backup: {
      dir: s.BACKUP_DIR === undefined ? undefined : path.resolve(s.BACKUP_DIR),
      keep: s.BACKUP_KEEP,
      offsite: s.BACKUP_S3_BUCKET
        ? {
            bucket: s.BACKUP_S3_BUCKET,
            endpoint: s.BACKUP_S3_ENDPOINT?.replace(/\/+$/, ''),
            region: s.BACKUP_S3_REGION,
            prefix: s.BACKUP_S3_PREFIX,
            accessKeyId: s.BACKUP_S3_ACCESS_KEY_ID,
            secretAccessKey: s.BACKUP_S3_SECRET_ACCESS_KEY,
            forcePathStyle: s.BACKUP_S3_FORCE_PATH_STYLE === 'true',
            keep: s.BACKUP_S3_KEEP,
            recipients: s.BACKUP_ENCRYPT_RECIPIENT ?? [],
          }
        : undefined,
    },
    jobs: { pauseMs: s.JOB_PAUSE_MS, nightly: s.CRON_NIGHTLY, weeklyIntroductions: s.CRON_WEEKLY_INTRODUCTIONS, timezone: s.CRON_TIMEZONE },
    payments: { stripeSecretKey: s.STRIPE_SECRET_KEY, stripeWebhookSecret: s.STRIPE_WEBHOOK_SECRET, stripeApiUrl: s.STRIPE_API_URL?.replace(/\/+$/, '') },
    site: {
      companyName: s.COMPANY_NAME ?? `${s.PRODUCT_NAME} Campus Services`,
      companyUrl: s.COMPANY_URL,
      supportEmail: (s.SUPPORT_EMAIL ?? `support@${s.MAIL_DOMAIN}`).toLowerCase(),
      supportPhone: s.SUPPORT_PHONE,
      postalAddress: s.POSTAL_ADDRESS,
      legalVersion: s.LEGAL_VERSION,
      legalEffectiveDate: s.LEGAL_EFFECTIVE_DATE,
    },
    premium: { searchFreeDaily: s.SEARCH_FREE_DAILY, earlyUserGiftLimit: s.EARLY_USER_GIFT_LIMIT },
    touchpoints: { windowDays: s.TOUCHPOINT_WINDOW_DAYS, listDelayMinutes: s.TOUCHPOINT_LIST_DELAY_MINUTES },
    mail: { smtpTimeoutMs: s.SMTP_TIMEOUT_MS, maxAttempts: s.MAIL_MAX_ATTEMPTS },
    ai: {
      provider: s.AI_PROVIDER,
      ollamaUrl: s.OLLAMA_URL.replace(/\/+$/, ''),
      chatModel: s.OLLAMA_CHAT_MODEL,
      embedModel: s.OLLAMA_EMBED_MODEL,
      embedDimensions: s.OLLAMA_EMBED_DIMENSIONS,
      timeoutMs: s.OLLAMA_TIMEOUT_MS,
    },
    speech: {
      whisperModel: s.WHISPER_MODEL === undefined ? undefined : path.resolve(s.WHISPER_MODEL),
      timeoutMs: s.WHISPER_TIMEOUT_MS,
    },
    disabledFeatures,
    rateLimits: {
      standardizeUser: s.RATE_LIMIT_STANDARDIZE_USER,
      chatUser: s.RATE_LIMIT_CHAT_USER,
      speechUser: s.RATE_LIMIT_SPEECH_USER,
      uploadUser: s.RATE_LIMIT_UPLOAD_USER,
      searchUser: s.RATE_LIMIT_SEARCH_USER,
      analysisUser: s.RATE_LIMIT_ANALYSIS_USER,
      messageUser: s.RATE_LIMIT_MESSAGE_USER,
      reportUser: s.RATE_LIMIT_REPORT_USER,
      checkoutUser: s.RATE_LIMIT_CHECKOUT_USER,
      commentIp: s.RATE_LIMIT_COMMENT_IP,
      commentUser: s.RATE_LIMIT_COMMENT_USER,
      codeUser: s.RATE_LIMIT_CODE_USER,
      codeIp: s.RATE_LIMIT_CODE_IP,
      touchpointIp: s.RATE_LIMIT_TOUCHPOINT_IP,
      loginIp: s.RATE_LIMIT_LOGIN_IP,
      loginAccount: s.RATE_LIMIT_LOGIN_ACCOUNT,
      signupIp: s.RATE_LIMIT_SIGNUP_IP,
      signupEmail: s.RATE_LIMIT_SIGNUP_EMAIL,
      verifyEmail: s.RATE_LIMIT_VERIFY_EMAIL,
      forgotIp: s.RATE_LIMIT_FORGOT_IP,
      forgotEmail: s.RATE_LIMIT_FORGOT_EMAIL,
      resetIp: s.RATE_LIMIT_RESET_IP,
    },
  };
}
