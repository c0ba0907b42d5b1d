import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { z } from 'zod';

import { type DisabledFeature, type OptionalFeature, optionalFeatureOf } from './config-features.js';
import { FILE_SETTINGS, type Settings, settingsSchema } from './settings.js';

/**
 * The Config the app runs with, from the settings (settings.ts declares each one, once): secrets
 * read from their files, the settings parsed, the rules between settings checked, and the values
 * grouped as the app uses them (`configOf`, whose result type is `Config`).
 */

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
function databaseUrlOf(s: Settings): string | undefined {
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

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

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
    const parsed = settingsSchema.safeParse(kept);
    if (parsed.success) return parsed.data as Settings;
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
  return configOf(s, disabledFeatures);
}

const DAY_MS = 86_400_000;

/** The settings as the app uses them: grouped, with the defaults that follow from other settings. */
function configOf(s: Settings, disabledFeatures: DisabledFeature[]) {
  return {
    /** Optional features turned off because a setting of theirs is invalid (config-features.ts); logged at start. */
    disabledFeatures,
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
      uniformErrors: s.AUTH_UNIFORM_ERRORS === 'on',
      signupEmailDomains: s.SIGNUP_EMAIL_DOMAINS?.length ? s.SIGNUP_EMAIL_DOMAINS : undefined,
      oidc:
        s.OIDC_ISSUER && s.OIDC_CLIENT_ID
          ? { issuer: s.OIDC_ISSUER, clientId: s.OIDC_CLIENT_ID, clientSecret: s.OIDC_CLIENT_SECRET, buttonLabel: s.OIDC_BUTTON_LABEL, scopes: s.OIDC_SCOPES }
          : undefined,
    },
    smtpUrl: s.SMTP_URL,
    smtpPassword: s.SMTP_PASSWORD,
    mailFrom: s.MAIL_FROM ?? `"${s.PRODUCT_NAME.replace(/["\\]/g, '')}" <no-reply@${s.MAIL_DOMAIN.toLowerCase()}>`,
    storage: (s.S3_BUCKET
      ? {
          kind: 's3',
          bucket: s.S3_BUCKET,
          endpoint: s.S3_ENDPOINT?.replace(/\/+$/, ''),
          region: s.S3_REGION,
          accessKeyId: s.S3_ACCESS_KEY_ID,
          secretAccessKey: s.S3_SECRET_ACCESS_KEY,
          forcePathStyle: s.S3_FORCE_PATH_STYLE === 'true',
        }
      : { kind: 'local' }) satisfies StorageConfig as StorageConfig,
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

export type Config = ReturnType<typeof configOf>;
