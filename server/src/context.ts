import path from 'node:path';

import type { Kysely } from 'kysely';
import type { Logger } from 'pino';

import { createAiProvider, otherEmbedders } from './ai/index.js';
import { SwitchingProvider } from './ai/switching-provider.js';
import type { AiProvider } from './ai/provider.js';
import { createSpeechToText, type SpeechToText } from './ai/speech/index.js';
import { AuthRepository } from './auth/auth.repository.js';
import { AuthService, type MemberProfileHooks } from './auth/auth.service.js';
import { CampusService } from './auth/campus/campus.service.js';
import { IdentitiesRepository } from './auth/campus/identities.repository.js';
import { createJobRegistry } from './jobs/index.js';
import { JobRunner } from './jobs/job-runner.js';
import { JobRunsRepository } from './jobs/job-runs.repository.js';
import { AccountRepository } from './features/account/account.repository.js';
import { AccountService } from './features/account/account.service.js';
import { AdminRepository } from './features/admin/admin.repository.js';
import { AdminService } from './features/admin/admin.service.js';
import { AdminMailService } from './features/admin-mail/admin-mail.service.js';
import { AuditLogRepository } from './features/audit-log/audit-log.repository.js';
import { AuditLogService } from './features/audit-log/audit-log.service.js';
import { NfcLocationsRepository } from './features/nfc-locations/nfc-locations.repository.js';
import { NfcLocationsService } from './features/nfc-locations/nfc-locations.service.js';
import { ConnectionsRepository } from './features/connections/connections.repository.js';
import { ConnectionsService } from './features/connections/connections.service.js';
import { ExchangeTokens } from './features/connections/exchange-token.js';
import { LocationCommentsRepository } from './features/location-comments/location-comments.repository.js';
import { LocationCommentsService } from './features/location-comments/location-comments.service.js';
import { TouchpointsRepository } from './features/touchpoints/touchpoints.repository.js';
import { TouchpointsService } from './features/touchpoints/touchpoints.service.js';
import { createSessionStore, type SessionStore } from './auth/session.js';
import { type Clock, systemClock } from './clock.js';
import type { Config } from './config.js';
import { type Database, openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrator.js';
import type { DB } from './db/schema.js';
import { EmbeddingsRepository } from './features/embeddings/embeddings.repository.js';
import { EmbeddingsService } from './features/embeddings/embeddings.service.js';
import { EmbeddingModels } from './features/embeddings/embedding-models.js';
import { ChatRepository } from './features/chat/chat.repository.js';
import { ChatService } from './features/chat/chat.service.js';
import { CONNECTION_SETTINGS, SearchRepository } from './features/search/search.repository.js';
import { SearchService } from './features/search/search.service.js';
import { SearchAnalysisRepository } from './features/search-analysis/search-analysis.repository.js';
import { SearchAnalysisService } from './features/search-analysis/search-analysis.service.js';
import { LegalService } from './features/legal/legal.service.js';
import { legalPdfDir } from './paths.js';
import { release } from './version.js';
import { PaymentsRepository } from './features/payments/payments.repository.js';
import { PaymentsCheckout } from './features/payments/payments.checkout.js';
import { PaymentsEvents } from './features/payments/payments.events.js';
import { SubscriptionRepository } from './features/subscription/subscription.repository.js';
import { SubscriptionService } from './features/subscription/subscription.service.js';
import { createInterview, createWriter } from './features/chat/interview/index.js';
import { EnhancementRepository } from './features/enhancement/enhancement.repository.js';
import { EnhancementService } from './features/enhancement/enhancement.service.js';
import { HealthRepository } from './features/health/health.repository.js';
import { HealthService } from './features/health/health.service.js';
import { MomentsRepository } from './features/moments/moments.repository.js';
import { MomentsService } from './features/moments/moments.service.js';
import { UserMomentsRepository } from './features/moments/user-moments.repository.js';
import { UserMomentsService } from './features/moments/user-moments.service.js';
import { LikesRepository } from './features/likes/likes.repository.js';
import { LikesService } from './features/likes/likes.service.js';
import { CheckInsRepository } from './features/check-ins/check-ins.repository.js';
import { CheckInsService } from './features/check-ins/check-ins.service.js';
import { InboxRepository } from './features/inbox/inbox.repository.js';
import { InboxService } from './features/inbox/inbox.service.js';
import { TransparencyRepository } from './features/transparency/transparency.repository.js';
import { TransparencyService } from './features/transparency/transparency.service.js';
import { IntroductionsRepository } from './features/introductions/introductions.repository.js';
import { IntroductionsService } from './features/introductions/introductions.service.js';
import { WeeklyIntroductionsRepository } from './features/weekly-introductions/weekly-introductions.repository.js';
import { WeeklyIntroductionsService } from './features/weekly-introductions/weekly-introductions.service.js';
import { MessagesRepository } from './features/messages/messages.repository.js';
import { MessagesService } from './features/messages/messages.service.js';
import { AccountExportRepository } from './features/account-export/account-export.repository.js';
import { AccountExportService } from './features/account-export/account-export.service.js';
import { initialContactInfo } from './features/profiles/contact-info.js';
import { ProfilesRepository } from './features/profiles/profiles.repository.js';
import { DemoRepository } from './features/demo/demo.repository.js';
import { DemoService } from './features/demo/demo.service.js';
import { ProfilesService } from './features/profiles/profiles.service.js';
import { ProfileImagesService } from './features/profiles/profile-images.service.js';
import { StandardizationService } from './features/standardize/standardize.service.js';
import { MailQueue } from './mail/mail-queue.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { ModerationRepository } from './features/moderation/moderation.repository.js';
import { ModerationService } from './features/moderation/moderation.service.js';
import { OutgoingMailRepository } from './mail/outgoing-mail.repository.js';
import { RateLimitRepository } from './rate-limit/rate-limit.repository.js';
import { RateLimitService } from './rate-limit/rate-limit.service.js';
import { resolveSessionSecret } from './secrets.js';
import { createStorage } from './storage/create-storage.js';
import { BackupRepository } from './features/backup/backup.repository.js';
import { BackupService } from './features/backup/backup.service.js';
import { OffsiteBackups } from './features/backup/offsite.js';
import { Metrics } from './features/metrics/metrics.js';
import { MetricsRepository } from './features/metrics/metrics.repository.js';
import type { FileStorage } from './storage/storage.js';

/**
 * The composition root: the one place that builds the app's parts. The server, the CLI and the
 * tests all start from here, so they run the same code.
 */
export interface AppContext {
  config: Config;
  logger: Logger;
  clock: Clock;
  database: Database;
  db: Kysely<DB>;
  mailer: Mailer;
  /** The outgoing mail queue, over SMTP (none with the outbox). Servers start its worker. */
  mailQueue: MailQueue | undefined;
  ai: AiProvider;
  sessionStore: SessionStore;
  sessionSecret: string;
  /** Uploaded files (DATA_DIR/uploads), served at /uploads/<key>. */
  storage: FileStorage;
  /** Prometheus metrics of this process (/metrics). */
  metrics: Metrics;
  services: {
    health: HealthService;
    /** Inbox control: who may start a conversation with a member. */
    inbox: InboxService;
    auth: AuthService;
    /** Sign-in with the campus account (OpenID Connect): who a vouched-for person is here. */
    campus: CampusService;
    rateLimits: RateLimitService;
    standardization: StandardizationService;
    profiles: ProfilesService;
    profileImages: ProfileImagesService;
    embeddings: EmbeddingsService;
    /** Which embedding model search reads, and the switch to a new one. */
    embeddingModels: EmbeddingModels;
    chat: ChatService;
    search: SearchService;
    /** The detailed analysis of one search result, made in the background and cached. */
    searchAnalysis: SearchAnalysisService;
    subscription: SubscriptionService;
    /** Premium and donations through Stripe (checkout, confirmation, portal); says "not configured" without STRIPE_SECRET_KEY. */
    payments: PaymentsCheckout;
    /** Stripe's webhook events and the once-only grant of a paid checkout. */
    paymentEvents: PaymentsEvents;
    /** The terms, the privacy policy (and their PDFs) and the contact facts, from the settings. */
    legal: LegalService;
    speech: SpeechToText;
    moments: MomentsService;
    userMoments: UserMomentsService;
    likes: LikesService;
    checkIns: CheckInsService;
    introductions: IntroductionsService;
    /** "Your three for this week": the weekly reciprocal introductions. */
    weeklyIntroductions: WeeklyIntroductionsService;
    messages: MessagesService;
    accountExport: AccountExportService;
    account: AccountService;
    /** Every change made from the admin area, with who made it. */
    auditLog: AuditLogService;
    admin: AdminService;
    /** Outgoing mail as the admin sees it (counts, failed deliveries). */
    adminMail: AdminMailService;
    moderation: ModerationService;
    nfcLocations: NfcLocationsService;
    /** The public transparency report's counts. */
    transparency: TransparencyService;
    /** Touchpoint pages: visits, the members listed there. */
    touchpoints: TouchpointsService;
    locationComments: LocationCommentsService;
    /** Find by code and profile exchange. */
    connections: ConnectionsService;
    /** `cli backup` / `cli restore` and the nightly backup: pg_dump plus the uploads. */
    backup: BackupService;
    /** The sample community (`cli seed --demo`, the first start's offer). */
    demo: DemoService;
  };
  /** Batch jobs (jobs/): the same runner for the admin pages, the CLI and cron. */
  jobs: JobRunner;
  /** Deletes what has expired (sessions, abandoned sign-ups, old reset tokens, orphaned upload temp files). Safe on every replica. */
  housekeeping(): Promise<void>;
  close(): Promise<void>;
}

export interface ContextOptions {
  /** Apply pending migrations at start. Default: in embedded mode yes, with DATABASE_URL no. */
  migrate?: boolean;
  /**
   * Embedded mode: insist on opening the data directory in this process, waiting this long for
   * another owner to let go (the server). Unset: use a running owner's socket (the CLI, tests).
   */
  embeddedOwnershipWaitMs?: number;
  /** Tests move time with their own clock. */
  clock?: Clock;
  /** Tests hand in a provider (a stand-in Ollama, say) instead of the configured one. */
  ai?: AiProvider;
  /** Tests hand in speech-to-text (whisper with a stand-in worker, say) instead of the configured one. */
  speech?: SpeechToText;
  /** How often AI_PROVIDER=auto looks for Ollama while running without it (tests: faster). */
  aiProbeIntervalMs?: number;
}

/** A refused connection a minute costs nothing; a pulled model is used within a minute. */
const AI_PROBE_INTERVAL_MS = 60_000;

export async function createContext(config: Config, logger: Logger, options: ContextOptions = {}): Promise<AppContext> {
  const database = await openDatabase(config, logger, {
    embeddedOwnershipWaitMs: options.embeddedOwnershipWaitMs,
    connectionSettings: CONNECTION_SETTINGS,
  });
  try {
    const migrate = options.migrate ?? database.mode === 'embedded';
    if (migrate) {
      const applied = await migrateToLatest(database.db);
      if (applied.length > 0) logger.info({ applied }, 'database migrated');
    }
  } catch (error) {
    await database.close();
    throw error;
  }

  const { db } = database;
  const clock = options.clock ?? systemClock;
  const sessionSecret = await resolveSessionSecret(config);
  const delivery = createMailer({ smtpUrl: config.smtpUrl, smtpPassword: config.smtpPassword, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), logger, smtpTimeoutMs: config.mail.smtpTimeoutMs });
  // Over SMTP every message goes through the queue; the outbox (no SMTP_URL) is a local file write
  // that cannot hang, so it stays direct and a newcomer's code is there the moment they ask.
  const outgoingMail = new OutgoingMailRepository(db);
  const mailQueue =
    delivery.transport === 'smtp'
      ? new MailQueue({ repository: outgoingMail, delivery, clock, logger, maxAttempts: config.mail.maxAttempts, staleAfterMs: 4 * config.mail.smtpTimeoutMs })
      : undefined;
  const mailer: Mailer = mailQueue ?? delivery;
  const sessionStore = createSessionStore(database.pool);
  const embeddingsRepository = new EmbeddingsRepository(db);
  // The model search reads (if any yet): with AI_PROVIDER=auto, an Ollama that is slow to start
  // after a reboot must not flip the app to the built-in model its members have no vectors of.
  const storedSearchModel = (await embeddingsRepository.searchModel().catch(() => undefined))?.model;
  const ai = options.ai ?? (await createAiProvider(config, logger, { searchModel: storedSearchModel }));
  const speech = options.speech ?? (await createSpeechToText(config, logger));

  const profilesRepository = new ProfilesRepository(db);
  const authRepository = new AuthRepository(db);
  const memberProfiles: MemberProfileHooks = {
    createInitial: (trx, userId, email, name) => profilesRepository.createInitial(trx, userId, name, initialContactInfo(email)),
    isComplete: (userId) => profilesRepository.isComplete(userId),
  };
  const storage = await createStorage(config);
  const metrics = new Metrics({ pool: database.pool, repository: new MetricsRepository(db), replica: database.reads.hasReplica ? () => database.reads.state() : undefined });
  const standardization = new StandardizationService(ai, logger);
  const embeddingModels = new EmbeddingModels({ repository: embeddingsRepository, target: ai, embedderFor: otherEmbedders(config, ai), clock, logger });
  // Decided now so the log says it at start; with migrations still pending, at the first search.
  await embeddingModels.settle().catch((error: unknown) => logger.warn({ err: error }, 'search: the embedding model is decided later'));
  const embeddings = new EmbeddingsService(embeddingsRepository, embeddingModels);
  const subscription = new SubscriptionService(new SubscriptionRepository(db), clock, { paymentsConfigured: config.payments.stripeSecretKey !== undefined, searchFreeDaily: config.premium.searchFreeDaily, earlyUserLimit: config.premium.earlyUserGiftLimit });
  const rateLimits = new RateLimitService(new RateLimitRepository(db), clock, (error) =>
    logger.warn({ err: error }, 'rate limits: writing counted hits failed; they go with the next batch'),
  );
  const paymentsRepository = new PaymentsRepository(db);
  const stripeGateway = config.payments.stripeSecretKey
    ? (await import('./features/payments/stripe-client.js')).createStripeGateway({ secretKey: config.payments.stripeSecretKey, webhookSecret: config.payments.stripeWebhookSecret, apiUrl: config.payments.stripeApiUrl })
    : undefined;
  const paymentEvents = new PaymentsEvents({ db, repository: paymentsRepository, gateway: stripeGateway, clock, mailer, logger, publicUrl: config.publicUrl, productName: config.productName });
  const payments = new PaymentsCheckout({ db, repository: paymentsRepository, gateway: stripeGateway, events: paymentEvents, clock, logger, publicUrl: config.publicUrl, productName: config.productName });
  const auditLog = new AuditLogService({ db, auditLog: new AuditLogRepository(db) });
  const account = new AccountService({
    db,
    accounts: new AccountRepository(db),
    auth: authRepository,
    storage,
    mailer,
    clock,
    logger,
    productName: config.productName,
    afterDelete: (userId) => payments.endForDeletedAccount(userId),
    auditLog,
  });
  const likesRepository = new LikesRepository(db);
  const touchpointsRepository = new TouchpointsRepository(db);
  const searchRepository = new SearchRepository(db, database.reads);
  const search = new SearchService({ search: searchRepository, ai, embeddingModels, clock, logger, verifiedOnly: config.identity.searchVerifiedOnly });
  const searchAnalysis = new SearchAnalysisService({
    analyses: new SearchAnalysisRepository(db),
    search: searchRepository,
    ai,
    clock,
    logger,
    limitNewAnalysis: (userId) => rateLimits.consume(`analysis-user:${userId}`, config.rateLimits.analysisUser, 'batched'),
  });
  const inbox = new InboxService({ db, inbox: new InboxRepository(db) });
  const introductions = new IntroductionsService({ db, introductions: new IntroductionsRepository(), inbox, clock, productName: config.productName });
  const services = {
    subscription,
    payments,
    paymentEvents,
    legal: new LegalService(config, legalPdfDir),
    health: new HealthService(new HealthRepository(db), database.mode, ai, () => embeddingModels.state(), () => database.reads.state()),
    standardization,
    embeddings,
    embeddingModels,
    chat: new ChatService({
      db,
      chats: new ChatRepository(db),
      profiles: profilesRepository,
      embeddings,
      interview: createInterview(ai, config.productName, logger),
      logger,
    }),
    search,
    searchAnalysis,
    speech,
    profiles: new ProfilesService({ profiles: profilesRepository, standardization, clock, mailDomain: config.mailDomain }),
    profileImages: new ProfileImagesService({ db, profiles: profilesRepository, storage, logger }),
    rateLimits,
    moments: new MomentsService({
      db,
      moments: new MomentsRepository(db),
      storage,
      logger,
      tempDir: path.join(config.dataDir, 'tmp', 'uploads'),
      gifts: subscription,
    }),
    backup: new BackupService({
      repository: new BackupRepository(db),
      storage,
      databaseUrl: config.databaseUrl,
      appVersion: release().version,
      clock,
      logger,
      offsite: config.backup.offsite && new OffsiteBackups(config.backup.offsite, logger),
    }),
    userMoments: new UserMomentsService({
      db,
      userMoments: new UserMomentsRepository(db, database.reads),
      storage,
      clock,
      logger,
      tempDir: path.join(config.dataDir, 'tmp', 'uploads'),
    }),
    likes: new LikesService(likesRepository, clock),
    accountExport: new AccountExportService({ db, exports: new AccountExportRepository(), clock, publicUrl: config.publicUrl, productName: config.productName, beforeExport: (): Promise<void> => services.search.flushLog() }),
    checkIns: new CheckInsService({ db, checkIns: new CheckInsRepository(db), clock }),
    introductions,
    weeklyIntroductions: new WeeklyIntroductionsService({
      db,
      weekly: new WeeklyIntroductionsRepository(db),
      introductions,
      embeddingModels,
      mailer,
      clock,
      logger,
      timeZone: config.jobs.timezone,
      publicUrl: config.publicUrl,
      productName: config.productName,
    }),
    inbox,
    messages: new MessagesService({
      messages: new MessagesRepository(db),
      inbox,
      mailer,
      logger,
      productName: config.productName,
      mailDomain: config.mailDomain,
      publicUrl: config.publicUrl,
    }),
    account,
    auditLog,
    admin: new AdminService({ admin: new AdminRepository(db, database.reads), account, auditLog, clock, config }),
    adminMail: new AdminMailService(outgoingMail),
    moderation: new ModerationService({
      db,
      moderation: new ModerationRepository(db),
      account,
      auditLog,
      clock,
      endSessions: (trx, userId) => authRepository.deleteSessionsOfUser(trx, userId),
      mailer,
      logger,
      productName: config.productName,
      mailDomain: config.mailDomain,
      supportEmail: config.site.supportEmail,
      publicUrl: config.publicUrl,
    }),
    nfcLocations: new NfcLocationsService({ db, locations: new NfcLocationsRepository(db), auditLog }),
    transparency: new TransparencyService({ transparency: new TransparencyRepository(db), clock }),
    demo: new DemoService({ db, demo: new DemoRepository(db), storage, embeddings, clock, logger, mailDomain: config.mailDomain }),
    touchpoints: new TouchpointsService({
      db,
      touchpoints: touchpointsRepository,
      search,
      embeddingModels,
      clock,
      secret: sessionSecret,
      windowDays: config.touchpoints.windowDays,
      listDelayMinutes: config.touchpoints.listDelayMinutes,
      timeZone: config.jobs.timezone,
    }),
    locationComments: new LocationCommentsService({ comments: new LocationCommentsRepository(db), touchpoints: touchpointsRepository }),
    connections: new ConnectionsService({
      connections: new ConnectionsRepository(db),
      likes: likesRepository,
      profiles: profilesRepository,
      search,
      tokens: new ExchangeTokens(sessionSecret),
      clock,
      productName: config.productName,
    }),
    campus: new CampusService({ db, identities: new IdentitiesRepository(db), profiles: memberProfiles, clock, signupEmailDomains: config.identity.signupEmailDomains }),
    auth: new AuthService({
      db,
      auth: authRepository,
      profiles: memberProfiles,
      mailer,
      clock,
      logger,
      secret: sessionSecret,
      productName: config.productName,
      publicUrl: config.publicUrl,
      adminEmail: config.adminEmail,
      signupEmailDomains: config.identity.signupEmailDomains,
      supportEmail: config.site.supportEmail,
      uniformErrors: config.identity.uniformErrors,
    }),
  };

  const enhancement = new EnhancementService({
    repository: new EnhancementRepository(db),
    writer: createWriter(ai, config.productName, logger),
    embeddings,
    targetModel: () => ai.models.embedding,
  });
  const registry = createJobRegistry({
    account: services.account,
    profiles: profilesRepository,
    standardization,
    embeddingsRepository,
    embeddings,
    embeddingModels,
    enhancement,
    weeklyIntroductions: services.weeklyIntroductions,
  });
  const jobs = new JobRunner({ db, registry, runs: new JobRunsRepository(db), clock, logger, pauseMs: config.jobs.pauseMs });
  if (ai instanceof SwitchingProvider) {
    // Ollama may come after the app (compose's --profile ai pulls its models beside it): when it
    // answers with both, the AI moves there, the new model gets its search index, and search
    // switches once a regeneration (the nightly one, or the admin's) covers the members.
    ai.onSwitch = async () => {
      await services.search.prepareVectorIndex(database.mode === 'external');
      await embeddingModels.settle();
    };
    ai.watch(options.aiProbeIntervalMs ?? AI_PROBE_INTERVAL_MS);
  }

  return {
    config,
    logger,
    clock,
    jobs,
    database,
    db,
    mailer,
    mailQueue,
    ai,
    sessionStore,
    sessionSecret,
    storage,
    metrics,
    services,
    housekeeping: async () => {
      await new Promise<void>((resolve, reject) => sessionStore.pruneSessions((error) => (error ? reject(error) : resolve())));
      await services.auth.pruneStale();
      await services.moments.pruneTempFiles();
      await services.touchpoints.pruneVisits();
      await services.paymentEvents.pruneEvents();
      await services.campus.reconcileVerification();
    },
    close: async () => {
      if (ai instanceof SwitchingProvider) ai.stop();
      await services.messages.settle();
      await mailQueue?.idle();
      mailer.close();
      speech.close?.();
      await services.search.flushLog();
      await services.rateLimits.flush().catch((error: unknown) => logger.warn({ err: error }, 'rate limits: the last counted hits were not written'));
      await database.close();
    },
  };
}
