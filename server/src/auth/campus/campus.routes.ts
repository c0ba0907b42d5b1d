import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';
import type { Passport } from 'passport';
import type { Logger } from 'pino';

import { CampusLinked, CampusLinkRequest, PendingCampusLink } from '../../../../contract/auth.js';
import type { Clock } from '../../clock.js';
import { AppError, NotFoundError } from '../../errors.js';
import type { MiddlewareRequest } from '../../middleware/middleware.js';
import { byIp, rateLimit } from '../../middleware/rate-limit.js';
import type { RateLimitRule } from '../../settings.js';
import type { RateLimitService } from '../../rate-limit/rate-limit.service.js';
import { ruledRouter } from '../../policies/routes.js';
import type { AuthService, SessionUser } from '../auth.service.js';
import { CampusSignInError, type CampusErrorCode } from './campus-messages.js';
import { CAMPUS_STRATEGY, type CampusAuthenticateOptions, type CampusProof, type CampusProvider } from './campus-provider.js';
import type { CampusService, PendingLink } from './campus.service.js';
import { campusErrorCode } from './campus-errors.js';

declare module 'express-session' {
  interface SessionData {
    /** Where to go after the campus sign-in (a path of this site), kept from the button press. */
    campusReturnTo: string;
    /** A password account waiting for its password before the campus identity is linked. */
    campusLink: PendingLink;
    /** The provider's ID token, as the hint when sign-out also ends the provider's session. */
    campusIdToken: string;
  }
}

interface CampusRouteDeps {
  passport: InstanceType<typeof Passport>;
  provider: CampusProvider;
  campus: CampusService;
  auth: AuthService;
  clock: Clock;
  logger: Logger;
  limiter: RateLimitService;
  loginIp: RateLimitRule;
  /** Password attempts per account (config.rateLimits.loginAccount), shared with the password sign-in. */
  loginAccount: RateLimitRule;
}

/** A path on this site only: never another host (`//evil`, `/\evil`), so the redirect cannot be turned into an open one. */
export function safeReturnTo(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\') || value.length > 500) return undefined;
  return value;
}

/**
 * Sign-in with the campus account: /login sends the browser to the provider, /callback comes
 * back from it and signs the member in (or offers linking a password account, which /link
 * completes once the password is proven). Every refusal ends on the auth screen with a reason.
 */
export function campusRoutes({ passport, provider, campus, auth, clock, logger, limiter, loginIp, loginAccount }: CampusRouteDeps): Router {
  const routes = ruledRouter();

  const toAuthScreen = (res: Response, code: CampusErrorCode) => res.redirect(303, `/auth?campus_error=${code}`);

  const signIn = async (req: Request, user: SessionUser, proof: Pick<CampusProof, 'idToken' | 'authenticatedAt'> | undefined) => {
    const account = await auth.signedInAccount(user);
    await new Promise<void>((resolve, reject) => req.login(account, (error) => (error ? reject(error as Error) : resolve())));
    req.session.signedInAt = clock.now().getTime();
    req.session.signInMethod = 'campus';
    // The step-up counts from the provider's own login, not from this redirect: a provider that
    // reused its session (an old auth_time) proves nothing new (auth/step-up.ts).
    // (On the app's clock: the provider's times are read with the same offset, see campus-provider.ts.)
    if (proof?.authenticatedAt !== undefined) req.session.campusAuthenticatedAt = proof.authenticatedAt + (clock.now().getTime() - Date.now());
    if (proof?.idToken) req.session.campusIdToken = proof.idToken;
    return auth.sessionInfo(account);
  };

  /** Onboarding first for a profile not yet made (a new member), the admin's dashboard, else where they were going. */
  const destination = (info: Awaited<ReturnType<AuthService['sessionInfo']>>, returnTo: string | undefined) => {
    if (!info.profileComplete) return '/onboarding';
    if (info.isAdmin) return '/admin';
    return returnTo ?? '/search';
  };

  routes.get('/login', 'public', { sends: 'redirect' }, rateLimit(limiter, 'login-ip', loginIp, byIp), async (req, res, next) => {
    try {
      await provider.ready();
    } catch (error) {
      logger.warn({ err: error }, 'campus provider unreachable');
      return toAuthScreen(res, 'campus_unavailable');
    }
    const returnTo = safeReturnTo(req.query.returnTo);
    if (returnTo) req.session.campusReturnTo = returnTo;
    // Asked again while signed in (a step-up check): the provider must really ask, not wave through.
    // prompt=login asks for it; max_age=0 makes the library's callback checks demand proof that it
    // did: an ID token with an auth_time of just now (within its clock tolerance, 30 s). A provider
    // that ignores both and reuses its session answers with an old auth_time or none, and is
    // refused (campus_reauth_required) before the session is marked as a fresh campus sign-in.
    // The library remembers max_age with the request's state, so the check needs no field here.
    const options: CampusAuthenticateOptions = req.user ? { session: false, prompt: 'login', maxAge: 0 } : { session: false };
    (passport.authenticate(CAMPUS_STRATEGY, options) as RequestHandler)(req, res, next);
  });

  routes.get('/callback', 'public', { sends: 'redirect' }, (req: Request, res: Response, next: NextFunction) => {
    provider.ready().then(
      () =>
        (passport.authenticate(CAMPUS_STRATEGY, { session: false }, (error: unknown, proof: CampusProof | false, info: { message?: string } | undefined) => {
          if (error || !proof) {
            const code = campusErrorCode(error, info);
            logger.warn({ err: error, info, code }, 'campus sign-in refused');
            return toAuthScreen(res, code);
          }
          const returnTo = req.session.campusReturnTo;
          campus
            .signIn(proof.claims)
            .then(async (outcome) => {
              if (outcome.kind === 'link') {
                req.session.campusLink = outcome.pending;
                return res.redirect(303, '/auth?campus=link');
              }
              const info = await signIn(req, outcome.user, proof);
              res.redirect(303, destination(info, returnTo));
            })
            .catch((failure: unknown) => {
              if (failure instanceof CampusSignInError) {
                logger.info({ code: failure.code }, 'campus sign-in refused');
                return toAuthScreen(res, failure.code);
              }
              // AuthService.signedInAccount refuses a suspended account, whichever way it signs in.
              if (failure instanceof AppError && failure.code === 'account_suspended') return toAuthScreen(res, 'account_suspended');
              next(failure);
            });
        }) as RequestHandler)(req, res, next),
      (error: unknown) => {
        logger.warn({ err: error }, 'campus provider unreachable');
        toAuthScreen(res, 'campus_unavailable');
      },
    );
  });

  // The pending link, for the auth screen to ask its password.
  routes.get('/link', 'public', { response: PendingCampusLink }, (req, res) => {
    const pending = req.session.campusLink;
    if (!pending) throw new NotFoundError('No campus sign-in is waiting to be linked.', 'no_campus_link');
    res.setHeader('Cache-Control', 'no-store');
    res.json({ email: pending.email });
  });

  // The link asks the account's password, so it is counted as sign-in counts a password: per
  // address, and per account under the sign-in's own key (one budget with the login form), so
  // guesses spread over many addresses still stop. Counted before the password is checked.
  const byPendingAccount = (req: MiddlewareRequest) => req.session.campusLink?.email.toLowerCase();
  routes.post(
    '/link',
    'public',
    { body: CampusLinkRequest, response: CampusLinked },
    rateLimit(limiter, 'login-ip', loginIp, byIp),
    rateLimit(limiter, 'login-account', loginAccount, byPendingAccount),
    async (req, res) => {
      const user = await campus.completeLink(req.session.campusLink, req.body.password);
      const info = await signIn(req, user, undefined);
      res.json({ ...info, next: destination(info, undefined) });
    },
  );

  routes.delete('/link', 'public', { sends: 'nothing' }, (req, res) => {
    delete req.session.campusLink;
    res.status(204).end();
  });

  return routes.router;
}
