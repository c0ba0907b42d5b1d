import type { Request, RequestHandler, Router } from 'express';
import type { SessionData } from 'express-session';
import type { Passport } from 'passport';

import { CodeSent, Notice, Session, SessionChanged, SessionInfo, SignedOut } from '../../../contract/auth.js';
import type { SubscriptionStatus } from '../../../contract/payments.js';
import type { Clock } from '../clock.js';
import { ForbiddenError, UnauthorizedError } from '../errors.js';
import type { Config } from '../config.js';
import { byBodyEmail, byIp, rateLimit } from '../middleware/rate-limit.js';
import type { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { requestLanguage } from '../i18n/request-language.js';
import { ruledRouter } from '../policies/routes.js';
import {
  changeEmailSchema,
  changePasswordSchema,
  confirmEmailChangeSchema,
  forgotSchema,
  loginSchema,
  resendSchema,
  resetSchema,
  signupSchema,
  verifySchema,
} from './auth.schema.js';
import type { AuthService } from './auth.service.js';
import { CAMPUS_MESSAGES } from './campus/campus-messages.js';
import { AUTH_MESSAGES } from './messages.js';
import { clearSessionCookie } from './session.js';
import type { Middleware, MiddlewareRequest } from '../middleware/middleware.js';

interface AuthRouteDeps {
  auth: AuthService;
  passport: InstanceType<typeof Passport>;
  limiter: RateLimitService;
  config: Config;
  clock: Clock;
  /** The member's premium status for the session answer; app.ts wires the subscription feature in (auth/ sits below the features). */
  subscriptionStatus: (userId: string | undefined) => Promise<SubscriptionStatus>;
  /** Whether speech-to-text runs here: the web app hides the microphone when it does not. */
  speechAvailable: boolean;
  /** With campus sign-in: where the browser goes to end the provider's session too (undefined: it offers none). */
  campusSignOut?: (idToken: string | undefined) => Promise<string | undefined>;
  /** auth/step-up.ts requireStepUp: the proof made just now that changing the password or the e-mail needs. */
  stepUp: Middleware;
}

export function authRoutes({ auth, passport, limiter, config, clock, subscriptionStatus, speechAvailable, campusSignOut, stepUp }: AuthRouteDeps): Router {
  const routes = ruledRouter();
  const limits = config.rateLimits;
  const { identity } = config;

  /** AUTH_PASSWORD=off: the campus account is the only way in; every password route says so. */
  const passwordSignIn: Middleware = (_req, _res, next) => {
    if (!identity.passwordSignIn) throw new ForbiddenError(CAMPUS_MESSAGES.passwordSignInOff, 'password_sign_in_off');
    next();
  };
  const features = {
    speech: speechAvailable,
    passwordSignIn: identity.passwordSignIn,
    campusSignIn: identity.oidc ? { label: identity.oidc.buttonLabel } : null,
    signupEmailDomains: identity.signupEmailDomains ?? null,
  };

  /**
   * Signs the account in on a fresh session id (passport regenerates it: no session fixation);
   * answers what the session sees. `kept` carries a session's sign-in facts over to its new id.
   */
  const signIn = async (req: Request, account: Express.User, kept?: Partial<Pick<SessionData, 'signedInAt' | 'signInMethod'>>) => {
    await new Promise<void>((resolve, reject) =>
      req.login(account, (error) => {
        if (error) return reject(error as Error);
        req.session.signedInAt = kept?.signedInAt ?? clock.now().getTime();
        req.session.signInMethod = kept ? kept.signInMethod : 'password';
        resolve();
      }),
    );
    return auth.sessionInfo(account);
  };
  const byUser = (req: MiddlewareRequest) => req.user?.id;

  routes.post(
    '/signup',
    'public',
    { body: signupSchema, response: CodeSent, before: [passwordSignIn] },
    rateLimit(limiter, 'signup-ip', limits.signupIp, byIp),
    rateLimit(limiter, 'code-mail', limits.signupEmail, byBodyEmail),
    async (req, res) => {
      await auth.signup(req.body, requestLanguage(req));
      res.status(202).json({ email: req.body.email, message: AUTH_MESSAGES.codeOnItsWay });
    },
  );

  routes.post(
    '/signup/resend',
    'public',
    { body: resendSchema, response: CodeSent, before: [passwordSignIn] },
    rateLimit(limiter, 'signup-ip', limits.signupIp, byIp),
    rateLimit(limiter, 'code-mail', limits.signupEmail, byBodyEmail),
    async (req, res) => {
      await auth.resendCode(req.body.email, requestLanguage(req));
      res.status(202).json({ email: req.body.email, message: AUTH_MESSAGES.codeOnItsWay });
    },
  );

  routes.post(
    '/signup/verify',
    'public',
    { body: verifySchema, response: SessionInfo, before: [passwordSignIn] },
    rateLimit(limiter, 'verify-email', limits.verifyEmail, byBodyEmail),
    async (req, res) => {
      res.json(await signIn(req, await auth.signedInAccount(await auth.verifySignup(req.body, requestLanguage(req)))));
    },
  );

  routes.post(
    '/login',
    'public',
    { body: loginSchema, response: SessionInfo, before: [passwordSignIn] },
    rateLimit(limiter, 'login-ip', limits.loginIp, byIp),
    rateLimit(limiter, 'login-account', limits.loginAccount, byBodyEmail),
    (req, res, next) => {
      (passport.authenticate('local', { session: false }, (error: unknown, user: Express.User | false) => {
        if (error) return next(error);
        // Only reached when the body lacks a field, which validation already rules out.
        if (!user) return next(new UnauthorizedError(AUTH_MESSAGES.invalidCredentials, 'invalid_credentials'));
        signIn(req, user).then((info) => res.json(info), next);
      }) as RequestHandler)(req, res, next);
    },
  );

  // Sign-out is global (spec part 3 §6): every session of the user, on every device, ends.
  routes.post('/logout', 'public', { response: SignedOut }, async (req, res) => {
    const user = req.user;
    const idToken = req.session.campusIdToken;
    const wasCampus = req.session.signInMethod === 'campus' || idToken !== undefined;
    await new Promise<void>((resolve, reject) => req.session.destroy((error) => (error ? reject(error) : resolve())));
    if (user) await auth.signOutEverywhere(user.id);
    clearSessionCookie(res, config);
    // Signed in by the campus: the provider's session ends too, where it offers RP-initiated logout.
    const endSessionUrl = user && wasCampus && campusSignOut ? await campusSignOut(idToken) : undefined;
    if (endSessionUrl) return res.json({ endSessionUrl });
    res.status(204).end();
  });

  routes.post(
    '/password/forgot',
    'public',
    { body: forgotSchema, response: Notice, before: [passwordSignIn] },
    rateLimit(limiter, 'forgot-ip', limits.forgotIp, byIp),
    rateLimit(limiter, 'forgot-email', limits.forgotEmail, byBodyEmail),
    async (req, res) => {
      await auth.requestPasswordReset(req.body.email, requestLanguage(req));
      res.json({ message: AUTH_MESSAGES.resetRequested });
    },
  );

  routes.post('/password/reset', 'public', { body: resetSchema, response: SessionInfo, before: [passwordSignIn] }, rateLimit(limiter, 'reset-ip', limits.resetIp, byIp), async (req, res) => {
    res.json(await signIn(req, await auth.signedInAccount(await auth.resetPassword(req.body))));
  });

  // Settings' Change password: the new password's own rules first (nobody confirms their identity
  // for a password that would be refused), then the step-up, then the change. Every session of
  // the member ends; this one goes on under a new id with its sign-in facts.
  routes.post(
    '/password/change',
    'member',
    { body: changePasswordSchema, response: SessionChanged },
    passwordSignIn,
    async (req, _res, next) => {
      await auth.assertStrongFor(req.user!.id, req.body.newPassword);
      next();
    },
    stepUp,
    async (req, res) => {
      const kept = { signedInAt: req.session.signedInAt, signInMethod: req.session.signInMethod };
      const user = await auth.changePassword(req.user!.id, req.body.newPassword);
      res.json({ ...(await signIn(req, await auth.signedInAccount(user), kept)), message: AUTH_MESSAGES.passwordChanged });
    },
  );

  // Settings' Change sign-in e-mail: the address's own rules, the step-up, the limits, then a code
  // to the new address. Whether another account has the address is said only after the step-up and
  // the limits (requestEmailChange), so a session alone cannot ask it of any address it likes.
  routes.post(
    '/email/change',
    'member',
    { body: changeEmailSchema, response: CodeSent },
    (req, _res, next) => {
      auth.checkEmailChangeShape(req.user!, req.body.email);
      next();
    },
    stepUp,
    rateLimit(limiter, 'code-mail', limits.signupEmail, byBodyEmail),
    rateLimit(limiter, 'email-change-user', limits.signupEmail, byUser),
    async (req, res) => {
      await auth.requestEmailChange(req.user!, req.body.email);
      res.status(202).json({ email: req.body.email, message: AUTH_MESSAGES.emailChangeCodeSent });
    },
  );

  routes.post(
    '/email/change/verify',
    'member',
    { body: confirmEmailChangeSchema, response: SessionChanged },
    rateLimit(limiter, 'email-change-verify', limits.verifyEmail, byUser),
    async (req, res) => {
      const kept = { signedInAt: req.session.signedInAt, signInMethod: req.session.signInMethod };
      const user = await auth.confirmEmailChange(req.user!.id, req.body.code);
      // Every session ended with the change; this one goes on under a new id with its sign-in facts.
      res.json({ ...(await signIn(req, await auth.signedInAccount(user), kept)), message: AUTH_MESSAGES.emailChanged });
    },
  );

  routes.get('/session', 'public', { response: Session }, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const [info, status] = await Promise.all([auth.sessionInfo(req.user), subscriptionStatus(req.user?.id)]);
    res.json({ ...info, subscription: status, features });
  });

  return routes.router;
}
