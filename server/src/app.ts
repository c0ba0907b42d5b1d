import express, { type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';

import { speechRoutes } from './ai/speech/speech.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { CampusProvider } from './auth/campus/campus-provider.js';
import { campusRoutes } from './auth/campus/campus.routes.js';
import { createPassport } from './auth/passport.js';
import { enforceAbsoluteLifetime, rejectDeletedAccounts, sessionMiddleware } from './auth/session.js';
import { requireStepUp } from './auth/step-up.js';
import type { AppContext } from './context.js';
import { accountRoutes } from './features/account/account.routes.js';
import { embeddingsRoutes } from './features/embeddings/embeddings.routes.js';
import { moderationRoutes } from './features/moderation/moderation.routes.js';
import { jobsRoutes } from './jobs/jobs.routes.js';
import { adminRoutes } from './features/admin/admin.routes.js';
import { adminMailRoutes } from './features/admin-mail/admin-mail.routes.js';
import { auditLogRoutes } from './features/audit-log/audit-log.routes.js';
import { nfcLocationsRoutes } from './features/nfc-locations/nfc-locations.routes.js';
import { touchpointsRoutes } from './features/touchpoints/touchpoints.routes.js';
import { locationCommentsRoutes } from './features/location-comments/location-comments.routes.js';
import { connectionsRoutes } from './features/connections/connections.routes.js';
import { healthRoutes } from './features/health/health.routes.js';
import { metricsRoutes } from './features/metrics/metrics.routes.js';
import { momentsRoutes } from './features/moments/moments.routes.js';
import { userMomentsRoutes } from './features/moments/user-moments.routes.js';
import { likesRoutes } from './features/likes/likes.routes.js';
import { accountExportRoutes } from './features/account-export/account-export.routes.js';
import { checkInsRoutes } from './features/check-ins/check-ins.routes.js';
import { inboxRoutes } from './features/inbox/inbox.routes.js';
import { transparencyRoutes } from './features/transparency/transparency.routes.js';
import { introductionsRoutes } from './features/introductions/introductions.routes.js';
import { weeklyIntroductionsRoutes } from './features/weekly-introductions/weekly-introductions.routes.js';
import { messagesRoutes } from './features/messages/messages.routes.js';
import { profilesRoutes } from './features/profiles/profiles.routes.js';
import { standardizeRoutes } from './features/standardize/standardize.routes.js';
import { apiNotFound, errorHandler, notFound } from './middleware/error-handler.js';
import { noStore } from './middleware/no-store.js';
import { readYourWrites } from './middleware/read-your-writes.js';
import { requestId } from './middleware/request-id.js';
import { chatRoutes } from './features/chat/chat.routes.js';
import { searchRoutes } from './features/search/search.routes.js';
import { searchAnalysisRoutes } from './features/search-analysis/search-analysis.routes.js';
import { legalRoutes } from './features/legal/legal.routes.js';
import { paymentsRoutes, stripeWebhookRoutes } from './features/payments/payments.routes.js';
import { subscriptionRoutes } from './features/subscription/subscription.routes.js';
import { sameOriginOnly } from './middleware/same-origin.js';
import { webDistDir } from './paths.js';
import { uploadsRoutes } from './storage/uploads.routes.js';
import { spaRoutes } from './web/spa.js';

export interface AppOptions {
  /** Where the built SPA lives; tests point this at a fixture. */
  webDir?: string;
}

/** How long one request to the campus provider may take before the member is told it is unavailable. */
const CAMPUS_TIMEOUT_MS = 10_000;

/** Builds the Express app without listening, so tests drive it through supertest. */
export function createApp(ctx: AppContext, options: AppOptions = {}): Express {
  const { config } = ctx;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  app.use(
    pinoHttp({
      logger: ctx.logger,
      genReqId: requestId,
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'info' : 'debug'),
    }),
  );

  app.use(ctx.metrics.middleware());
  // While draining for shutdown, each response closes its connection, so the proxy's pool holds
  // no idle connection to this server when it closes (a request sent on one would be lost).
  app.use((_req, res, next) => {
    if (ctx.services.health.isStopping()) res.setHeader('Connection', 'close');
    next();
  });

  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'"],
          // Mantine sets element styles inline and injects its CSS variables at run time.
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'blob:'],
          'media-src': ["'self'", 'blob:'],
          'font-src': ["'self'", 'data:'],
          'connect-src': ["'self'"],
          'object-src': ["'none'"],
          'frame-ancestors': ["'none'"],
          'form-action': ["'self'"],
          'base-uri': ["'none'"],
          // Only behind TLS: on a plain-http laptop run it would break every request.
          'upgrade-insecure-requests': config.env === 'production' ? [] : null,
        },
      },
      strictTransportSecurity: config.env === 'production',
    }),
  );

  // Stripe signs the raw bytes: its webhook reads them before the JSON parser, and needs no session.
  app.use(stripeWebhookRoutes(ctx.services.paymentEvents));
  app.use(express.json({ limit: config.jsonBodyLimit }));

  app.use(healthRoutes(ctx.services.health));
  app.use(metricsRoutes(ctx.metrics, config.metricsToken));
  // Public pages' facts and texts, and the legal PDFs: no session needed.
  app.use(legalRoutes(ctx.services.legal, config.productName));
  // Public files by random key; ahead of the session middleware, so serving them costs no session lookup.
  app.use(uploadsRoutes(ctx.storage));

  const passport = createPassport(ctx.services.auth);
  app.use('/api', sameOriginOnly, noStore);
  app.use(
    sessionMiddleware(config, ctx.sessionStore, ctx.sessionSecret),
    enforceAbsoluteLifetime(ctx.clock, config.sessionAbsoluteMs),
    passport.initialize(),
    passport.session() as RequestHandler,
    rejectDeletedAccounts,
  );
  // With a read replica: a browser's reads right after its own change stay on the primary.
  if (ctx.database.reads.hasReplica) app.use('/api', readYourWrites({ env: config.env, windowMs: config.replicaMaxLagMs }));

  // Proof made just now (auth/step-up.ts) for the account's most sensitive changes.
  const stepUp = requireStepUp({
    verifyPassword: (userId, password) => ctx.services.auth.verifyCurrentPassword(userId, password),
    limiter: ctx.services.rateLimits,
    rule: config.rateLimits.loginAccount,
    clock: ctx.clock,
  });

  const oidc = config.identity.oidc;
  const campusProvider = oidc
    ? new CampusProvider(
        {
          oidc,
          callbackUrl: `${config.publicUrl}/api/auth/oidc/callback`,
          allowHttp: config.env !== 'production',
          clockSkewSeconds: () => Math.round((ctx.clock.now().getTime() - Date.now()) / 1000),
          timeoutMs: CAMPUS_TIMEOUT_MS,
        },
        passport,
      )
    : undefined;
  if (campusProvider) {
    app.use(
      '/api/auth/oidc',
      campusRoutes({ passport, provider: campusProvider, campus: ctx.services.campus, auth: ctx.services.auth, clock: ctx.clock, logger: ctx.logger, limiter: ctx.services.rateLimits, loginIp: config.rateLimits.loginIp, loginAccount: config.rateLimits.loginAccount }),
    );
  }
  app.use(
    '/api/auth',
    authRoutes({
      campusSignOut: campusProvider && ((idToken) => campusProvider.endSessionUrl(idToken, `${config.publicUrl}/auth`)),
      auth: ctx.services.auth,
      passport,
      limiter: ctx.services.rateLimits,
      config,
      clock: ctx.clock,
      subscriptionStatus: (userId) => ctx.services.subscription.status(userId),
      speechAvailable: ctx.services.speech.available,
      stepUp,
    }),
  );

  app.use('/api', profilesRoutes({ profiles: ctx.services.profiles, images: ctx.services.profileImages, limiter: ctx.services.rateLimits, config }));
  app.use('/api', subscriptionRoutes(ctx.services.subscription));
  app.use('/api', paymentsRoutes({ payments: ctx.services.payments, limiter: ctx.services.rateLimits, config }));
  app.use('/api', momentsRoutes({ moments: ctx.services.moments, limiter: ctx.services.rateLimits, config }));
  app.use('/api', userMomentsRoutes({ userMoments: ctx.services.userMoments, limiter: ctx.services.rateLimits, config }));
  app.use('/api', likesRoutes(ctx.services.likes));
  app.use('/api', accountExportRoutes(ctx.services.accountExport));
  app.use('/api', checkInsRoutes(ctx.services.checkIns));
  app.use('/api', introductionsRoutes({ introductions: ctx.services.introductions, limiter: ctx.services.rateLimits, config }));
  app.use('/api', weeklyIntroductionsRoutes({ weekly: ctx.services.weeklyIntroductions, limiter: ctx.services.rateLimits, config }));
  app.use('/api', messagesRoutes({ messages: ctx.services.messages, limiter: ctx.services.rateLimits, config }));
  app.use('/api', chatRoutes({ chat: ctx.services.chat, limiter: ctx.services.rateLimits, config }));
  app.use('/api', searchRoutes({ search: ctx.services.search, limiter: ctx.services.rateLimits, config, clock: ctx.clock, metrics: ctx.metrics }));
  app.use('/api', searchAnalysisRoutes({ searchAnalysis: ctx.services.searchAnalysis }));
  app.use('/api', standardizeRoutes({ standardization: ctx.services.standardization, limiter: ctx.services.rateLimits, config }));
  app.use('/api', speechRoutes({ speech: ctx.services.speech, limiter: ctx.services.rateLimits, config }));

  app.use('/api', accountRoutes({ account: ctx.services.account, config, stepUp }));
  app.use('/api', inboxRoutes({ inbox: ctx.services.inbox }));
  app.use('/api', transparencyRoutes({ transparency: ctx.services.transparency }));
  app.use('/api', jobsRoutes({ jobs: ctx.jobs, auditLog: ctx.services.auditLog }));
  app.use('/api', moderationRoutes({ moderation: ctx.services.moderation, limiter: ctx.services.rateLimits, config, stepUp }));
  app.use('/api', embeddingsRoutes({ models: ctx.services.embeddingModels }));
  app.use('/api', adminMailRoutes(ctx.services.adminMail));
  app.use('/api', adminRoutes({ admin: ctx.services.admin, stepUp }));
  app.use('/api', auditLogRoutes({ auditLog: ctx.services.auditLog }));
  app.use('/api', nfcLocationsRoutes({ nfcLocations: ctx.services.nfcLocations }));
  app.use('/api', touchpointsRoutes({ touchpoints: ctx.services.touchpoints, limiter: ctx.services.rateLimits, config }));
  app.use('/api', locationCommentsRoutes({ comments: ctx.services.locationComments, limiter: ctx.services.rateLimits, config }));
  app.use('/api', connectionsRoutes({ connections: ctx.services.connections, limiter: ctx.services.rateLimits, config }));

  app.use('/api', apiNotFound);
  app.use(spaRoutes(options.webDir ?? webDistDir, config.productName));
  app.use(notFound);
  app.use(errorHandler);
  return app;
}
