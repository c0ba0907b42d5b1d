import { Cron } from 'croner';
import { z } from 'zod';

/**
 * Every setting Kindred reads, each declared once: its environment variable, its zod type with
 * its default, what it does, and whether it is a secret (which may come from a file instead,
 * `NAME_FILE=/run/secrets/name`). The typed settings (`Settings`), the parser, the settings table
 * (docs/settings.md) and `.env.example` all come from here (`npm run docs:settings` writes the two
 * files; a test fails when either differs). How settings combine, and the Config the app uses, is
 * config.ts.
 */

export interface Setting<T extends z.ZodType = z.ZodType> {
  /** The value's type, with its default; an empty variable counts as unset. */
  type: T;
  /** What it does, in one sentence or a few: the settings table and .env.example say it. */
  about: string;
  /** A secret: it may come from a file instead (NAME_FILE), as Docker and Kubernetes secrets are mounted. */
  secret?: true;
  /** The default as the table states it, when it follows from other settings (the schema has none). */
  shownDefault?: string;
  /** The default as written in .env.example, when the parsed default is not a plain value (a rate limit). */
  envDefault?: string;
}

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
function rateLimit(fallback: string, about: string) {
  return {
    type: z
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
    about,
    envDefault: fallback,
  };
}

export const SETTINGS = {
  NODE_ENV: {
    type: z.enum(['development', 'production', 'test']).default('development'),
    about: 'development | production | test. production turns on Secure cookies, HSTS and upgrade-insecure-requests.',
  },
  HOST: {
    type: z.string().min(1).default('0.0.0.0'),
    about: 'Address the HTTP server listens on (0.0.0.0: every interface).',
  },
  PORT: {
    type: port.default(3000),
    about: 'Port the HTTP server listens on.',
  },
  DATABASE_URL: {
    type: z
      .string()
      .refine((value) => /^postgres(ql)?:\/\//.test(value), 'must be a postgres:// or postgresql:// URL')
      .optional(),
    about: 'Postgres (with pgvector) to use, e.g. postgres://kindred:secret@localhost:5432/kindred. Unset: the embedded PGlite database stored in DATA_DIR, migrated automatically at start.',
    secret: true,
  },
  DATABASE_HOST: {
    type: z.string().trim().min(1).optional(),
    about: 'Or, instead of DATABASE_URL: the database server\'s host name; the URL is then built from the DATABASE_* parts below, each percent-encoded, so any character is safe in the password.',
  },
  DATABASE_PORT: {
    type: port.default(5432),
    about: 'Port of DATABASE_HOST.',
  },
  DATABASE_NAME: {
    type: z.string().trim().min(1).default('kindred'),
    about: 'Database name on DATABASE_HOST.',
  },
  DATABASE_USER: {
    type: z.string().trim().min(1).default('kindred'),
    about: 'Role Kindred connects as on DATABASE_HOST (it should own the database, not be a superuser).',
  },
  DATABASE_PASSWORD: {
    type: z.string().min(1).optional(),
    about: 'Password of DATABASE_USER.',
    secret: true,
  },
  DATABASE_REPLICA_URL: {
    type: z
      .string()
      .refine((value) => /^postgres(ql)?:\/\//.test(value), 'must be a postgres:// or postgresql:// URL')
      .optional(),
    about: 'A streaming replica (hot standby) of that Postgres, e.g. postgres://kindred@db-replica:5432/kindred: search retrieval, the feeds and the admin\'s reports read there while it is reachable and fresh; everything else stays on the primary. Without a password it takes the primary\'s (the replica has the primary\'s roles). docs/operations.md, "Adding a read replica".',
    secret: true,
  },
  // Below about four health checks' worth the replica would drop in and out between checks.
  REPLICA_MAX_LAG_MS: {
    type: z.coerce.number().int().min(200).max(600_000).default(2000),
    about: 'A replica further behind the primary than this (ms) is skipped, and a member\'s reads stay on the primary for this long after they changed something (so they see their own change).',
  },
  DATA_DIR: {
    type: z.string().min(1).default('./data'),
    about: 'Where Kindred keeps its files: the embedded database (pgdata/, run/), and later uploads and the mail outbox.',
  },
  S3_BUCKET: {
    type: z.string().trim().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3-63 lower-case letters, digits, dots, hyphens)').optional(),
    about: 'Uploads (photos, moments) go to this S3-compatible bucket when set, so every app server sees them; unset: DATA_DIR/uploads on this server\'s disk.',
  },
  S3_ENDPOINT: {
    type: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    about: 'The S3 service\'s address (SeaweedFS, Ceph, Garage...), e.g. http://seaweedfs:8333. Unset: AWS S3 itself.',
  },
  S3_REGION: {
    type: z.string().trim().min(1).default('us-east-1'),
    about: 'The bucket\'s region (SeaweedFS accepts any).',
  },
  S3_ACCESS_KEY_ID: {
    type: z.string().trim().min(1).optional(),
    about: 'Access key of the S3 account. Unset: the AWS SDK\'s own credential chain (instance role, AWS_* variables).',
    secret: true,
  },
  S3_SECRET_ACCESS_KEY: {
    type: z.string().min(1).optional(),
    about: 'Secret key of the S3 account.',
    secret: true,
  },
  S3_FORCE_PATH_STYLE: {
    type: z.enum(['true', 'false']).default('true'),
    about: 'true: bucket in the path (http://host/bucket/key), as SeaweedFS expects; false: virtual-hosted (AWS).',
  },
  METRICS_TOKEN: {
    type: z.string().min(16, 'must be at least 16 characters').optional(),
    about: 'Bearer token for /metrics (Prometheus format), 16+ characters. Unset: /metrics answers 404.',
    secret: true,
  },
  BACKUP_DIR: {
    type: z.string().min(1).optional(),
    about: 'Where the nightly maintenance writes a backup (database dump + uploads). Unset: no nightly backup (npm run cli -- backup --to DIR still writes one).',
  },
  BACKUP_KEEP: {
    type: positiveInt.max(365).default(7),
    about: 'How many backups to keep in BACKUP_DIR; older ones are deleted after each new one.',
  },
  BACKUP_S3_BUCKET: {
    type: z.string().trim().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3-63 lower-case letters, digits, dots, hyphens)').optional(),
    about: 'Off the host: with a bucket set, each backup (cli backup, the nightly one) is also streamed as one tar to s3://BACKUP_S3_BUCKET/BACKUP_S3_PREFIX... (any S3-compatible service). Unset: no off-host copy.',
  },
  BACKUP_S3_ENDPOINT: {
    type: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    about: 'The backup bucket\'s service, e.g. https://s3.your-campus.edu. Unset: AWS S3 itself.',
  },
  BACKUP_S3_REGION: {
    type: z.string().trim().min(1).default('us-east-1'),
    about: 'The backup bucket\'s region.',
  },
  // Object keys are prefix + kindred-<time>-<id>.tar[.age]; a prefix without a trailing slash gets one.
  BACKUP_S3_PREFIX: {
    type: z
      .string()
      .trim()
      .regex(/^(?!\/)(?!.*\/\/)[A-Za-z0-9!_.*'()/-]{0,200}$/, 'must be a key prefix such as kindred/ (letters, digits, / ! - _ . * \' ( ); no leading / and no //)')
      .default('kindred/')
      .transform((value) => (value === '' || value.endsWith('/') ? value : `${value}/`)),
    about: 'Where in the bucket the copies go (a trailing / is added).',
  },
  BACKUP_S3_ACCESS_KEY_ID: {
    type: z.string().trim().min(1).optional(),
    about: 'Access key of an account that may write, list and delete under that prefix.',
    secret: true,
  },
  BACKUP_S3_SECRET_ACCESS_KEY: {
    type: z.string().min(1).optional(),
    about: 'Its secret key.',
    secret: true,
  },
  BACKUP_S3_FORCE_PATH_STYLE: {
    type: z.enum(['true', 'false']).default('true'),
    about: 'true: bucket in the path (http://host/bucket/key); false: virtual-hosted (AWS).',
  },
  BACKUP_S3_KEEP: {
    type: positiveInt.max(3650).default(30),
    about: 'How many copies to keep in the bucket; older ones are deleted after each new one.',
  },
  // Only X25519 recipients (what age-keygen prints): plugin keys (age1yubikey1…) need a plugin
  // binary the image does not have. Several, comma-separated, so two admins can each hold a key.
  BACKUP_ENCRYPT_RECIPIENT: {
    type: z
      .string()
      // Never echoed back: a value pasted here by mistake may be the private key.
      .refine((value) => !/AGE-SECRET-KEY-/i.test(value), 'is a private key (AGE-SECRET-KEY-…): it must never be on the server; use its public key, the age1… line')
      .transform((value) => value.split(',').map((key) => key.trim()).filter(Boolean))
      .refine((keys) => keys.length > 0 && keys.every((key) => /^age1[02-9ac-hj-np-z]{58}$/.test(key)), 'must be an age public key (the age1… line age-keygen prints, 62 characters); several are separated by commas')
      .optional(),
    about: 'Encrypt each off-host copy for these age public keys (age1..., comma-separated; make one with age-keygen on an admin\'s laptop and keep the private key off the server). Unset: copies are not encrypted.',
  },
  DB_POOL_MAX: {
    type: positiveInt.max(100).default(10),
    about: 'Most database connections the app opens at once.',
  },
  LOG_LEVEL: {
    type: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    about: 'fatal | error | warn | info | debug | trace | silent',
  },
  PRODUCT_NAME: {
    type: z.string().trim().min(1).max(60).default('Kindred'),
    about: 'The product\'s name wherever the interface or mail says it.',
  },
  MAIL_DOMAIN: {
    type: z
      .string()
      .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/i, 'must be a domain name such as kindred.local')
      .default('kindred.local'),
    about: 'Domain of members\' in-product mailbox addresses (name1234@MAIL_DOMAIN).',
  },
  JSON_BODY_LIMIT: {
    type: z.string().regex(/^\d+(b|kb|mb)$/i, 'must be a size such as 100kb or 1mb').default('100kb'),
    about: 'Largest JSON request body accepted (b, kb or mb); larger ones get 413.',
  },
  TRUST_PROXY: {
    type: z.coerce.number().int().min(0).max(10).default(0),
    about: 'How many reverse proxies sit in front of the app (Express "trust proxy" hop count); 0 = none.',
  },
  SHUTDOWN_TIMEOUT_MS: {
    type: positiveInt.default(4000),
    about: 'On SIGTERM, how long in-flight requests may run before their connections are cut (ms).',
  },
  SHUTDOWN_DRAIN_MS: {
    type: z.coerce.number().int().min(0).max(120_000).default(0),
    about: 'On SIGTERM, first answer /readyz with 503 for this long (ms) while still serving, so a proxy\'s health check takes this server out before it closes (behind a proxy: more than its health-check interval). 0: close at once.',
  },
  PUBLIC_URL: {
    type: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    about: 'Address members use to reach Kindred, used in e-mailed links. Required in production, as https:// without a path.',
    shownDefault: '`http://localhost:PORT`',
  },
  SESSION_SECRET: {
    type: z.string().min(32, 'must be at least 32 characters').optional(),
    about: 'Signs session cookies and keys one-time-code hashes; 32+ random characters. Required in production; elsewhere, unset means a random secret kept in DATA_DIR/session-secret.',
    secret: true,
    shownDefault: 'random, kept in DATA_DIR/session-secret (required in production)',
  },
  // During a rotation: still verifies the cookies it signed, so nobody is signed out by the change.
  SESSION_SECRET_PREVIOUS: {
    type: z.string().min(32, 'must be at least 32 characters').optional(),
    about: 'During a rotation, the secret before SESSION_SECRET: session cookies it signed are still accepted and re-signed with the new one (docs/operations.md, "Rotating secrets").',
    secret: true,
  },
  SESSION_IDLE_DAYS: {
    type: z.coerce.number().positive().max(365).default(14),
    about: 'A session ends after this many days without use.',
  },
  SESSION_ABSOLUTE_DAYS: {
    type: z.coerce.number().positive().max(365).default(30),
    about: 'A session ends this many days after sign-in, however active.',
  },
  ADMIN_EMAIL: {
    type: z.email('must be an e-mail address').optional(),
    about: 'The one account that may be administrator (it also needs the role: npm run cli -- users grant-admin EMAIL).',
  },
  SMTP_URL: {
    type: z
      .string()
      .refine((value) => /^smtps?:\/\//.test(value), 'must be an smtp:// or smtps:// URL')
      .optional(),
    about: 'Outgoing mail server, e.g. smtps://user@mail.example.edu:465 (with SMTP_PASSWORD) or smtps://user:pass@mail.example.edu:465. Unset: mail is written to DATA_DIR/outbox as .eml files. Required in production.',
    secret: true,
  },
  // The SMTP password apart from SMTP_URL, so it can come from a file (SMTP_PASSWORD_FILE) while the
  // URL, which the admin page shows, names only the user and the server.
  SMTP_PASSWORD: {
    type: z.string().min(1).optional(),
    about: 'The SMTP password apart from SMTP_URL, which then names only user@host:port. A password in SMTP_URL still works; not both.',
    secret: true,
  },
  MAIL_FROM: {
    type: z.string().min(3).optional(),
    about: 'Sender of Kindred\'s mail.',
    shownDefault: '`"PRODUCT_NAME" <no-reply@MAIL_DOMAIN>`',
  },
  AI_PROVIDER: {
    type: z.enum(['auto', 'ollama', 'builtin']).default('auto'),
    about: 'Which AI runs: auto (Ollama when it answers at start with both models, else the built-in offline provider), ollama, or builtin.',
  },
  OLLAMA_URL: {
    type: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('http://127.0.0.1:11434'),
    about: 'Where Ollama listens.',
  },
  OLLAMA_CHAT_MODEL: {
    type: z.string().min(1).default('llama3.2:3b'),
    about: 'Ollama chat model (interviews, analysis, standardization fallback); pull it first: ollama pull MODEL.',
  },
  OLLAMA_EMBED_MODEL: {
    type: z.string().min(1).default('nomic-embed-text'),
    about: 'Ollama embedding model; changing it means regenerating embeddings (a CLI job), never mixing them.',
  },
  OLLAMA_EMBED_DIMENSIONS: {
    type: positiveInt.max(4096).default(768),
    about: 'Length of the embedding model\'s vectors (nomic-embed-text: 768).',
  },
  OLLAMA_TIMEOUT_MS: {
    type: positiveInt.default(120_000),
    about: 'Longest one Ollama call may take (ms); a 3B model on 2 cores needs tens of seconds.',
  },
  WHISPER_MODEL: {
    type: z.string().min(1).optional(),
    about: 'Speech-to-text: path to a whisper.cpp ggml model file (e.g. ggml-base.en.bin). Empty: the microphone button is hidden and /api/speech-to-text answers 503.',
  },
  WHISPER_TIMEOUT_MS: {
    type: positiveInt.default(60_000),
    about: 'Longest one transcription may take (ms).',
  },
  // 0: measured, a regeneration without pauses leaves search within 1.5x of idle (docs/benchmarks-jobs.md).
  JOB_PAUSE_MS: {
    type: z.coerce.number().int().min(0).max(60_000).default(0),
    about: 'Pause between a batch job\'s batches (ms). 0: measured, search stays within 1.5x of idle while a regeneration runs without pauses (docs/benchmarks-jobs.md); raise it to slow the jobs down.',
  },
  CRON_NIGHTLY: {
    type: z.string().trim().min(9).default('30 3 * * *'),
    about: 'When `npm run cli -- cron` runs the nightly maintenance (cron expression: min hour day month weekday).',
  },
  CRON_TIMEZONE: {
    type: z.string().trim().min(1).optional(),
    about: 'Time zone of CRON_NIGHTLY and CRON_WEEKLY_INTRODUCTIONS, and of the weekly introductions\' week (IANA name, e.g. America/Vancouver); unset: the server\'s.',
  },
  CRON_WEEKLY_INTRODUCTIONS: {
    type: z.string().trim().default('0 9 * * 1').refine(isCronPattern, 'must be a cron expression: minute hour day month weekday, e.g. 0 9 * * 1 (Mondays at 09:00)'),
    about: 'When `npm run cli -- cron` proposes the weekly introductions (cron expression: min hour day month weekday; default Mondays 09:00). A second run in the same week proposes nothing.',
  },
  STRIPE_SECRET_KEY: {
    type: z.string().trim().regex(/^(sk|rk)_(test|live)_\S+$/, 'must be a Stripe secret or restricted key (sk_… or rk_…)').optional(),
    about: 'Stripe secret key (sk_live_… / sk_test_…); unset = payments are not configured and every payment button says so.',
    secret: true,
  },
  STRIPE_WEBHOOK_SECRET: {
    type: z.string().trim().regex(/^whsec_\S+$/, 'must be a webhook signing secret (whsec_…)').optional(),
    about: 'Signing secret of the webhook endpoint PUBLIC_URL/api/stripe/webhook (whsec_…), from Stripe\'s dashboard.',
    secret: true,
  },
  STRIPE_API_URL: {
    type: z
      .string()
      .refine((value) => /^https?:\/\/[^/]+\/?$/.test(value), 'must be a bare http(s)://host[:port] URL')
      .optional(),
    about: 'Another address for Stripe\'s API (a local stand-in for staging or tests); unset = Stripe itself.',
  },
  SEARCH_FREE_DAILY: {
    type: z.coerce.number().int().min(0).max(10_000).default(20),
    about: 'Searches a free member may run per day (premium members have no allowance; 0 = premium only).',
  },
  COMPANY_NAME: {
    type: z.string().trim().min(1).max(120).optional(),
    about: 'Who runs this server, as the terms of service, privacy policy, contact and help pages (and their PDFs) say.',
    shownDefault: '`PRODUCT_NAME Campus Services`',
  },
  COMPANY_URL: {
    type: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    about: 'Its web site, linked from the contact page (unset = no link).',
  },
  SUPPORT_EMAIL: {
    type: z.email({ error: 'must be an e-mail address' }).optional(),
    about: 'Where members write for help.',
    shownDefault: '`support@MAIL_DOMAIN`',
  },
  SUPPORT_PHONE: {
    type: z.string().trim().regex(/^[+0-9 ().-]{5,30}$/, 'must be a phone number (digits, spaces, + ( ) . -)').optional(),
    about: 'The support phone number on the contact page (unset = no phone shown).',
  },
  // No default: any address printed by default would be someone else's, stated as the operator's
  // in the privacy policy (legal.service.ts says what is printed while it is unset).
  POSTAL_ADDRESS: {
    type: z.string().trim().min(1).max(300).optional(),
    about: 'The postal address on the contact page and in the legal texts. Unset: a placeholder naming this setting outside production; in production the texts say the address is given on request at SUPPORT_EMAIL, and every start logs a warning.',
  },
  LEGAL_VERSION: {
    type: z.string().trim().regex(/^\d+(\.\d+)*$/, 'must look like 1.0').default('1.0'),
    about: 'The version of the terms and the privacy policy.',
  },
  LEGAL_EFFECTIVE_DATE: {
    type: z.iso.date({ error: 'must be a date like 2025-09-20' }).default('2025-09-20'),
    about: 'The date (yyyy-mm-dd) they take effect.',
  },
  EARLY_USER_GIFT_LIMIT: {
    type: z.coerce.number().int().min(0).max(10_000_000).default(5000),
    about: 'The first N members (by registration order) get six months of premium as a gift (0 = no gift).',
  },
  TOUCHPOINT_WINDOW_DAYS: {
    type: positiveInt.max(365).default(30),
    about: 'Days a member stays listed at a touchpoint after tapping it while signed in (visits older than this are deleted).',
  },
  TOUCHPOINT_LIST_DELAY_MINUTES: {
    type: z.coerce.number().int().min(0).max(1440).default(60),
    about: 'Minutes before a tap lists its member at the touchpoint (nobody can watch a place for who arrives; 0 = at once).',
  },
  SMTP_TIMEOUT_MS: {
    type: positiveInt.max(120_000).default(10_000),
    about: 'Connect, greeting and socket timeout of one SMTP delivery (ms); mail is queued and retried.',
  },
  MAIL_MAX_ATTEMPTS: {
    type: positiveInt.max(20).default(6),
    about: 'Deliveries tried (with growing pauses) before a message is marked failed for the admin.',
  },
  RATE_LIMIT_STANDARDIZE_USER: rateLimit('120/1h', 'Standardization requests per member.'),
  RATE_LIMIT_CHAT_USER: rateLimit('300/1h', 'AI chat messages per member.'),
  RATE_LIMIT_SPEECH_USER: rateLimit('60/1h', 'Speech-to-text requests per member.'),
  RATE_LIMIT_UPLOAD_USER: rateLimit('60/1h', 'Uploads (moments) per member.'),
  RATE_LIMIT_SEARCH_USER: rateLimit('120/1h', 'Searches per member.'),
  RATE_LIMIT_ANALYSIS_USER: rateLimit('60/1h', 'New detailed analyses of search results per member (polling one does not count).'),
  RATE_LIMIT_MESSAGE_USER: rateLimit('30/1h', 'Mailbox messages a member may send.'),
  RATE_LIMIT_REPORT_USER: rateLimit('20/1d', 'Reports a member may file (a report or a block button pressed in anger many times).'),
  RATE_LIMIT_CHECKOUT_USER: rateLimit('20/1h', 'Checkouts (premium plans and donations) a member may start.'),
  RATE_LIMIT_COMMENT_IP: rateLimit('10/10m', 'Comments and replies on touchpoint walls per address (visitors included).'),
  RATE_LIMIT_COMMENT_USER: rateLimit('30/1h', 'Comments and replies on touchpoint walls per member.'),
  RATE_LIMIT_CODE_USER: rateLimit('30/1h', 'Member-code lookups and connections per member (8-digit codes cannot be enumerated).'),
  RATE_LIMIT_CODE_IP: rateLimit('60/1h', 'Member-code lookups and connections per address.'),
  RATE_LIMIT_TOUCHPOINT_IP: rateLimit('120/10m', 'Touchpoint pages (profiles and comments) read per address.'),
  RATE_LIMIT_LOGIN_IP: rateLimit('30/15m', 'Sign-in attempts per client address.'),
  RATE_LIMIT_LOGIN_ACCOUNT: rateLimit('10/15m', 'Sign-in attempts per account (stops password guessing from many addresses); the same rule counts a member\'s password confirmations (step-up) on their own.'),
  RATE_LIMIT_SIGNUP_IP: rateLimit('20/1h', 'Sign-ups and code resends per client address.'),
  RATE_LIMIT_SIGNUP_EMAIL: rateLimit('5/1h', 'Verification codes mailed per e-mail address (sign-up + resend; a resend also waits 60 s), and per member for a change of sign-in e-mail.'),
  RATE_LIMIT_VERIFY_EMAIL: rateLimit('20/1h', 'Code checks per e-mail address, across codes (each code also dies after 5 wrong tries), and per member for a change of sign-in e-mail.'),
  RATE_LIMIT_FORGOT_IP: rateLimit('20/1h', 'Password-reset requests per client address.'),
  RATE_LIMIT_FORGOT_EMAIL: rateLimit('3/1h', 'Password-reset mails per e-mail address.'),
  RATE_LIMIT_RESET_IP: rateLimit('30/1h', 'New-password submissions per client address.'),
  SEARCH_VERIFIED_ONLY: {
    type: z.enum(['on', 'off']).default('off'),
    about: 'on: search finds verified campus members only (a campus sign-in, or an address in SIGNUP_EMAIL_DOMAINS).',
  },
  AUTH_PASSWORD: {
    type: z.enum(['on', 'off']).default('on'),
    about: 'off: campus sign-in only (sign-up, sign-in and reset by password are refused).',
  },
  AUTH_UNIFORM_ERRORS: {
    type: z.enum(['on', 'off']).default('off'),
    about:
      'on: sign-in, sign-up and password reset answer the same whatever the account\'s state (unknown, awaiting its code, deleted or wrong password: "Invalid email or password"), as OWASP ASVS asks; a sign-up for a taken address is told by mail; a repeated sign-up or resend within a code\'s 60 s cooldown answers the same and mails nothing. off: the spec\'s own words for each.',
  },
  SIGNUP_EMAIL_DOMAINS: {
    type: z
      .string()
      .transform((value) => value.split(',').map((domain) => domain.trim().toLowerCase()).filter(Boolean))
      .pipe(z.array(z.string().regex(/^\.?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/, 'must be domains separated by commas, like ubc.ca,.ubc.ca (a leading dot allows subdomains)')))
      .optional(),
    about: 'Only addresses at these domains may join or sign in, comma-separated; a leading dot also allows subdomains (.ubc.ca allows student.ubc.ca). Unset: any address.',
  },
  OIDC_ISSUER: {
    type: z.url({ protocol: /^https?$/, error: 'must be the identity provider\'s https:// issuer URL' }).optional(),
    about: 'The campus\'s OpenID Connect provider. Set OIDC_ISSUER and OIDC_CLIENT_ID to show the campus button on the sign-in screen; the provider must allow the redirect PUBLIC_URL/api/auth/oidc/callback.',
  },
  OIDC_CLIENT_ID: {
    type: z.string().trim().min(1).optional(),
    about: 'The client id the provider gave Kindred.',
  },
  OIDC_CLIENT_SECRET: {
    type: z.string().min(1).optional(),
    about: 'The client secret the provider gave Kindred. Unset: a public client (PKCE only).',
    secret: true,
  },
  OIDC_BUTTON_LABEL: {
    type: z.string().trim().min(1).max(80).default('Sign in with your campus account'),
    about: 'The campus sign-in button\'s words, e.g. "Sign in with your UBC CWL".',
  },
  OIDC_SCOPES: {
    type: z.string().trim().regex(/^[\w:./-]+( [\w:./-]+)*$/, 'must be scopes separated by spaces, like "openid email profile"').default('openid email profile'),
    about: 'The scopes asked of the provider, separated by spaces.',
  },
} satisfies Record<string, Setting>;

/** Every setting, parsed: its type's output, defaults applied. */
export type Settings = { [K in keyof typeof SETTINGS]: z.output<(typeof SETTINGS)[K]['type']> };

/** The environment variables Kindred reads, in their declared order. */
export const settingNames: readonly string[] = Object.keys(SETTINGS);

/** The secrets that may come from a file instead (NAME_FILE). */
export const FILE_SETTINGS: readonly string[] = settingNames.filter((name) => settingOf(name)?.secret === true);

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/** The parser of every setting: an empty variable is unset. */
export const settingsSchema = z.object(
  Object.fromEntries(settingNames.map((name) => [name, z.preprocess(emptyAsUndefined, settingOf(name)!.type)])),
);

/** A setting's declaration. */
export function settingOf(name: string): Setting | undefined {
  return (SETTINGS as Record<string, Setting>)[name];
}

/** A setting's default as the schema gives it when unset (undefined: none). */
export function settingDefault(name: string): unknown {
  const parsed = settingOf(name)?.type.safeParse(undefined);
  return parsed?.success ? parsed.data : undefined;
}
