import type { AdminPayment, AdminPayments, AdminUser, AdminUsers, DeletedUser, Overview, ServerSettings } from '../../../../contract/admin.js';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import { type RateLimitRule, settingNames, settingOf } from '../../settings.js';
import { NotFoundError } from '../../errors.js';
import { type ActorFor, authorize } from '../../policies/index.js';
import type { AccountService } from '../account/account.service.js';
import { type Release, release } from '../../version.js';
import type { AuditLogService } from '../audit-log/audit-log.service.js';
import type { AdminPaymentRow, AdminRepository, AdminUserRow } from './admin.repository.js';
import { ADMIN_MESSAGES, PAYMENTS_LIMIT, type UsersQuery } from './admin.schema.js';

/** Revenue is shown in the currency the plans are priced in (spec part 3 §9: CAD). */
export const REVENUE_CURRENCY = 'CAD';
export const SECRET_MASK = '••••••';

export type { Overview };

const DAY_MS = 86_400_000;

/** "N/<count><unit>", the form the RATE_LIMIT_* variables are written in. */
function rateLimitText(rule: RateLimitRule): string {
  const units: [string, number][] = [['d', DAY_MS], ['h', 3_600_000], ['m', 60_000], ['s', 1000]];
  const [unit, ms] = units.find(([, size]) => rule.windowMs % size === 0) ?? ['s', 1000];
  return `${rule.limit}/${rule.windowMs / ms}${unit}`;
}

/**
 * Every environment variable config.ts reads (`settingNames`) and where its effective value is in
 * the parsed Config: defaults applied, paths resolved. A test fails when config.ts gains a
 * variable that is missing here.
 */
export const SETTING_VALUES: Record<string, (config: Config) => string | number | undefined> = {
  NODE_ENV: (c) => c.env,
  HOST: (c) => c.host,
  PORT: (c) => c.port,
  DATABASE_URL: (c) => c.databaseUrl,
  DATABASE_HOST: (c) => (c.databaseUrl ? new URL(c.databaseUrl).hostname : undefined),
  DATABASE_PORT: (c) => (c.databaseUrl ? Number(new URL(c.databaseUrl).port || 5432) : undefined),
  DATABASE_NAME: (c) => (c.databaseUrl ? decodeURIComponent(new URL(c.databaseUrl).pathname.slice(1)) : undefined),
  DATABASE_USER: (c) => (c.databaseUrl ? decodeURIComponent(new URL(c.databaseUrl).username) : undefined),
  DATABASE_PASSWORD: (c) => (c.databaseUrl && new URL(c.databaseUrl).password ? 'set' : undefined),
  DATABASE_REPLICA_URL: (c) => c.databaseReplicaUrl,
  REPLICA_MAX_LAG_MS: (c) => c.replicaMaxLagMs,
  DATA_DIR: (c) => c.dataDir,
  S3_BUCKET: (c) => (c.storage.kind === 's3' ? c.storage.bucket : undefined),
  S3_ENDPOINT: (c) => (c.storage.kind === 's3' ? c.storage.endpoint : undefined),
  S3_REGION: (c) => (c.storage.kind === 's3' ? c.storage.region : undefined),
  S3_ACCESS_KEY_ID: (c) => (c.storage.kind === 's3' ? c.storage.accessKeyId : undefined),
  S3_SECRET_ACCESS_KEY: (c) => (c.storage.kind === 's3' ? c.storage.secretAccessKey : undefined),
  S3_FORCE_PATH_STYLE: (c) => (c.storage.kind === 's3' ? String(c.storage.forcePathStyle) : undefined),
  METRICS_TOKEN: (c) => c.metricsToken,
  BACKUP_DIR: (c) => c.backup.dir,
  BACKUP_KEEP: (c) => c.backup.keep,
  BACKUP_S3_BUCKET: (c) => c.backup.offsite?.bucket,
  BACKUP_S3_ENDPOINT: (c) => c.backup.offsite?.endpoint,
  BACKUP_S3_REGION: (c) => c.backup.offsite?.region,
  BACKUP_S3_PREFIX: (c) => c.backup.offsite?.prefix,
  BACKUP_S3_ACCESS_KEY_ID: (c) => c.backup.offsite?.accessKeyId,
  BACKUP_S3_SECRET_ACCESS_KEY: (c) => c.backup.offsite?.secretAccessKey,
  BACKUP_S3_FORCE_PATH_STYLE: (c) => (c.backup.offsite ? String(c.backup.offsite.forcePathStyle) : undefined),
  BACKUP_S3_KEEP: (c) => c.backup.offsite?.keep,
  BACKUP_ENCRYPT_RECIPIENT: (c) => c.backup.offsite?.recipients.join(',') || undefined,
  DB_POOL_MAX: (c) => c.dbPoolMax,
  LOG_LEVEL: (c) => c.logLevel,
  PRODUCT_NAME: (c) => c.productName,
  MAIL_DOMAIN: (c) => c.mailDomain,
  JSON_BODY_LIMIT: (c) => c.jsonBodyLimit,
  TRUST_PROXY: (c) => c.trustProxy,
  SHUTDOWN_TIMEOUT_MS: (c) => c.shutdownTimeoutMs,
  SHUTDOWN_DRAIN_MS: (c) => c.shutdownDrainMs,
  PUBLIC_URL: (c) => c.publicUrl,
  SESSION_SECRET: (c) => c.sessionSecret,
  SESSION_SECRET_PREVIOUS: (c) => c.sessionSecretPrevious,
  SESSION_IDLE_DAYS: (c) => c.sessionIdleMs / DAY_MS,
  SESSION_ABSOLUTE_DAYS: (c) => c.sessionAbsoluteMs / DAY_MS,
  ADMIN_EMAIL: (c) => c.adminEmail,
  AUTH_PASSWORD: (c) => (c.identity.passwordSignIn ? 'on' : 'off'),
  SIGNUP_EMAIL_DOMAINS: (c) => c.identity.signupEmailDomains?.join(','),
  SEARCH_VERIFIED_ONLY: (c) => (c.identity.searchVerifiedOnly ? 'on' : 'off'),
  AUTH_UNIFORM_ERRORS: (c) => (c.identity.uniformErrors ? 'on' : 'off'),
  OIDC_ISSUER: (c) => c.identity.oidc?.issuer,
  OIDC_CLIENT_ID: (c) => c.identity.oidc?.clientId,
  OIDC_CLIENT_SECRET: (c) => c.identity.oidc?.clientSecret,
  OIDC_BUTTON_LABEL: (c) => c.identity.oidc?.buttonLabel,
  OIDC_SCOPES: (c) => c.identity.oidc?.scopes,
  SMTP_URL: (c) => c.smtpUrl,
  SMTP_PASSWORD: (c) => c.smtpPassword,
  MAIL_FROM: (c) => c.mailFrom,
  AI_PROVIDER: (c) => c.ai.provider,
  OLLAMA_URL: (c) => c.ai.ollamaUrl,
  OLLAMA_CHAT_MODEL: (c) => c.ai.chatModel,
  OLLAMA_EMBED_MODEL: (c) => c.ai.embedModel,
  OLLAMA_EMBED_DIMENSIONS: (c) => c.ai.embedDimensions,
  OLLAMA_TIMEOUT_MS: (c) => c.ai.timeoutMs,
  WHISPER_MODEL: (c) => c.speech.whisperModel,
  WHISPER_TIMEOUT_MS: (c) => c.speech.timeoutMs,
  JOB_PAUSE_MS: (c) => c.jobs.pauseMs,
  CRON_NIGHTLY: (c) => c.jobs.nightly,
  CRON_TIMEZONE: (c) => c.jobs.timezone,
  CRON_WEEKLY_INTRODUCTIONS: (c) => c.jobs.weeklyIntroductions,
  TOUCHPOINT_WINDOW_DAYS: (c) => c.touchpoints.windowDays,
  TOUCHPOINT_LIST_DELAY_MINUTES: (c) => c.touchpoints.listDelayMinutes,
  STRIPE_SECRET_KEY: (c) => c.payments.stripeSecretKey,
  STRIPE_WEBHOOK_SECRET: (c) => c.payments.stripeWebhookSecret,
  STRIPE_API_URL: (c) => c.payments.stripeApiUrl,
  SEARCH_FREE_DAILY: (c) => c.premium.searchFreeDaily,
  EARLY_USER_GIFT_LIMIT: (c) => c.premium.earlyUserGiftLimit,
  COMPANY_NAME: (c) => c.site.companyName,
  COMPANY_URL: (c) => c.site.companyUrl,
  SUPPORT_EMAIL: (c) => c.site.supportEmail,
  SUPPORT_PHONE: (c) => c.site.supportPhone,
  POSTAL_ADDRESS: (c) => c.site.postalAddress,
  LEGAL_VERSION: (c) => c.site.legalVersion,
  LEGAL_EFFECTIVE_DATE: (c) => c.site.legalEffectiveDate,
  SMTP_TIMEOUT_MS: (c) => c.mail.smtpTimeoutMs,
  MAIL_MAX_ATTEMPTS: (c) => c.mail.maxAttempts,
  RATE_LIMIT_STANDARDIZE_USER: (c) => rateLimitText(c.rateLimits.standardizeUser),
  RATE_LIMIT_CHAT_USER: (c) => rateLimitText(c.rateLimits.chatUser),
  RATE_LIMIT_SPEECH_USER: (c) => rateLimitText(c.rateLimits.speechUser),
  RATE_LIMIT_UPLOAD_USER: (c) => rateLimitText(c.rateLimits.uploadUser),
  RATE_LIMIT_SEARCH_USER: (c) => rateLimitText(c.rateLimits.searchUser),
  RATE_LIMIT_ANALYSIS_USER: (c) => rateLimitText(c.rateLimits.analysisUser),
  RATE_LIMIT_MESSAGE_USER: (c) => rateLimitText(c.rateLimits.messageUser),
  RATE_LIMIT_REPORT_USER: (c) => rateLimitText(c.rateLimits.reportUser),
  RATE_LIMIT_CHECKOUT_USER: (c) => rateLimitText(c.rateLimits.checkoutUser),
  RATE_LIMIT_COMMENT_IP: (c) => rateLimitText(c.rateLimits.commentIp),
  RATE_LIMIT_COMMENT_USER: (c) => rateLimitText(c.rateLimits.commentUser),
  RATE_LIMIT_CODE_USER: (c) => rateLimitText(c.rateLimits.codeUser),
  RATE_LIMIT_CODE_IP: (c) => rateLimitText(c.rateLimits.codeIp),
  RATE_LIMIT_TOUCHPOINT_IP: (c) => rateLimitText(c.rateLimits.touchpointIp),
  RATE_LIMIT_LOGIN_IP: (c) => rateLimitText(c.rateLimits.loginIp),
  RATE_LIMIT_LOGIN_ACCOUNT: (c) => rateLimitText(c.rateLimits.loginAccount),
  RATE_LIMIT_SIGNUP_IP: (c) => rateLimitText(c.rateLimits.signupIp),
  RATE_LIMIT_SIGNUP_EMAIL: (c) => rateLimitText(c.rateLimits.signupEmail),
  RATE_LIMIT_VERIFY_EMAIL: (c) => rateLimitText(c.rateLimits.verifyEmail),
  RATE_LIMIT_FORGOT_IP: (c) => rateLimitText(c.rateLimits.forgotIp),
  RATE_LIMIT_FORGOT_EMAIL: (c) => rateLimitText(c.rateLimits.forgotEmail),
  RATE_LIMIT_RESET_IP: (c) => rateLimitText(c.rateLimits.resetIp),
};

/** Query parameters of a URL that hold credentials (libpq's password, sslpassword, …). */
const SECRET_PARAM = /pass|secret|token|key/i;

/**
 * A URL with its password and credential parameters masked; the rest (user, host, database) is
 * what an administrator needs to see. A value that is not a URL but looks like it holds
 * credentials is masked whole: better unreadable than leaked.
 */
export function maskUrlCredentials(value: string): string {
  if (!value.includes('://')) return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return value.includes('@') ? SECRET_MASK : value;
  }
  if (!url.password && ![...url.searchParams.keys()].some((key) => SECRET_PARAM.test(key))) return value;
  const userInfo = url.username || url.password ? `${url.username}${url.password ? `:${SECRET_MASK}` : ''}@` : '';
  const query = [...url.searchParams]
    .map(([key, param]) => `${encodeURIComponent(key)}=${SECRET_PARAM.test(key) ? SECRET_MASK : encodeURIComponent(param)}`)
    .join('&');
  return `${url.protocol}//${userInfo}${url.host}${url.pathname}${query ? `?${query}` : ''}${url.hash}`;
}

export interface AdminServiceDeps {
  admin: AdminRepository;
  account: AccountService;
  auditLog: AuditLogService;
  clock: Clock;
  config: Config;
  /** The release shown above the settings; this process's own unless a test gives one. */
  release?: Release;
}

/**
 * The admin dashboard's reads (Overview, Users, Payments, Settings) and the one change it makes to
 * members: deleting an account. Only the administrator reaches it (the routes check).
 */
export class AdminService {
  constructor(private readonly deps: AdminServiceDeps) {}

  async overview(): Promise<Overview> {
    const { admin, clock } = this.deps;
    const counts = await admin.overviewCounts(clock.now());
    const revenue = new Map((await admin.revenue(REVENUE_CURRENCY)).map((row) => [row.payment_type, row.total_cents]));
    const donationCents = revenue.get('donation') ?? 0;
    const monthlyCents = revenue.get('monthly') ?? 0;
    const yearlyCents = revenue.get('yearly') ?? 0;
    const perUser = (n: number) => (counts.users === 0 ? 0 : n / counts.users);
    return {
      counts: {
        users: counts.users,
        profiles: counts.profiles,
        chatSessions: counts.chat_sessions,
        payments: counts.payments,
        userSearches: counts.user_searches,
        vipProfiles: counts.vip_profiles,
      },
      vipConversionPercent: Math.round(perUser(counts.vip_profiles) * 100),
      averageSearchesPerUser: Math.round(perUser(counts.user_searches) * 10) / 10,
      revenue: {
        currency: REVENUE_CURRENCY,
        totalCents: donationCents + monthlyCents + yearlyCents,
        donationCents,
        subscriptionCents: monthlyCents + yearlyCents,
        monthlyCents,
        yearlyCents,
      },
    };
  }

  /**
   * Spec part 3 §7 list-users. `search` matches inside an e-mail address (any case) or a whole
   * user code (trimmed and upper-cased, as find-by-code does).
   */
  async users(query: UsersQuery): Promise<AdminUsers> {
    const search = query.search?.trim();
    const filter = search ? { emailContains: search, userCode: search.toUpperCase() } : {};
    const { rows, total } = await this.deps.admin.users(filter, { limit: query.limit, offset: query.offset });
    const now = this.deps.clock.now();
    return { users: rows.map((row) => toAdminUser(row, now)), total };
  }

  /**
   * Spec part 3 §7 delete-user-account, admin use: the member's own deletion path (soft delete,
   * deleted_profiles, every session ended, receipt mailed) with the audit row in its commit. The
   * administrator's own account is left to Delete Account, with its confirmation phrase.
   */
  async deleteUser(actor: ActorFor<'user.delete'> & { email: string }, userId: string): Promise<DeletedUser> {
    authorize(actor, 'user.delete', { userId }, { message: ADMIN_MESSAGES.cannotDeleteSelf, code: 'cannot_delete_self' });
    const { auditLog } = this.deps;
    try {
      const { email } = await this.deps.account.deleteByUserId(userId, (trx, account) =>
        // The id only: the e-mail stays in deleted_profiles, which the purge removes after 90 days.
        auditLog.recordIn(trx, { actor: { id: actor.id, email: actor.email }, action: 'user.delete', targetType: 'user', targetId: account.id }),
      );
      return { deleted: true, email };
    } catch (error) {
      if (error instanceof NotFoundError) throw new NotFoundError(ADMIN_MESSAGES.userNotFound, 'user_not_found');
      throw error;
    }
  }

  /** Spec part 3, Payments tab: newest first. */
  async payments(): Promise<AdminPayments> {
    const rows = await this.deps.admin.payments(PAYMENTS_LIMIT);
    return { payments: rows.map(toAdminPayment) };
  }

  /**
   * The effective configuration, read-only, secrets masked (the Settings tab), and which release
   * runs it: the first thing to say when asking for help or reading the upgrade notes.
   */
  settings(): ServerSettings {
    const { config } = this.deps;
    return {
      release: this.deps.release ?? release(),
      settings: settingNames.map((name) => {
        const value = SETTING_VALUES[name]?.(config);
        const text = value === undefined ? '' : String(value);
        // A secret (settings.ts says which) is shown as set or not; a URL among them (a database's,
        // the mail server's) with its credentials masked and the rest readable.
        const secret = settingOf(name)?.secret === true;
        if (secret && !name.endsWith('_URL')) return { name, value: text === '' ? '' : SECRET_MASK, secret };
        return { name, value: maskUrlCredentials(text), secret };
      }),
    };
  }
}

/** isVip follows the VIP rule (spec part 3 §4): a lapsed VIP is shown with the expiry, not as VIP. */
function toAdminUser(row: AdminUserRow, now: Date): AdminUser {
  return {
    id: row.id,
    email: row.email,
    createdAt: row.created_at.toISOString(),
    hidden: row.hidden_at !== null,
    suspended: row.suspended_at !== null,
    profile:
      row.profile_id === null
        ? null
        : {
            name: row.name,
            userCode: row.user_code,
            isVip: row.is_vip === true && (row.vip_expires_at === null || row.vip_expires_at > now),
            vipExpiresAt: row.vip_expires_at ? row.vip_expires_at.toISOString() : null,
            registrationOrder: row.registration_order,
          },
  };
}

function toAdminPayment(row: AdminPaymentRow): AdminPayment {
  return {
    id: row.id,
    email: row.email,
    paymentType: row.payment_type,
    amountCents: row.amount_cents,
    currency: row.currency,
    status: row.status,
    sessionId: row.stripe_session_id,
    createdAt: row.created_at.toISOString(),
  };
}
