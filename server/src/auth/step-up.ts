import type { SessionData } from 'express-session';
import { z } from 'zod';

import type { Clock } from '../clock.js';
import type { RateLimitRule } from '../settings.js';
import { ForbiddenError, UnauthorizedError } from '../errors.js';
import type { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { AUTH_MESSAGES as M } from './messages.js';
import './session.js'; // the SessionData fields read here (signedInAt, signInMethod)

/**
 * Step-up: the few changes that a stolen or forgotten-open session must not be able to make
 * (deleting the account, changing its password or sign-in e-mail, an administrator deleting a
 * member) need proof made just now, on top of the session:
 *
 * - the body's `currentPassword` verifies against the acting member's password hash (an account
 *   without a password, campus sign-in only, never verifies), or
 * - the session was signed in by the campus provider (`signInMethod: 'campus'`) and the provider's
 *   own login (the ID token's auth_time) was within the last STEP_UP_WINDOW_MS: the provider has
 *   just asked for its own credentials.
 *
 * Without either: 403 `step_up_required`; a wrong password: 403 `step_up_failed`. Every attempt
 * that carries a password counts against RATE_LIMIT_LOGIN_ACCOUNT's rule, per member (its own
 * key, `step-up:<user id>`), before it is checked, as sign-in counts its attempts: 429 past it.
 */
export const STEP_UP_WINDOW_MS = 5 * 60_000;
import type { Middleware } from '../middleware/middleware.js';

/** The body field of every step-up route: each route's strict schema includes it. */
export const currentPasswordField = z.string({ error: M.stepUpFailed }).max(1024, M.stepUpFailed).optional();

export interface StepUpDeps {
  /** AuthService.verifyCurrentPassword: false for a wrong password and for an account without one. */
  verifyPassword: (userId: string, password: string) => Promise<boolean>;
  limiter: RateLimitService;
  /** How many password attempts per window (config.rateLimits.loginAccount). */
  rule: RateLimitRule;
  clock: Clock;
}

/**
 * A campus sign-in made within the step-up window (and not in the future: a clock set back proves
 * nothing), counted from the provider's own login (auth_time): an ordinary sign-in through a
 * provider session left open long ago is no proof, and neither is one whose provider did not say
 * when the member logged in. The re-confirmation (prompt=login, max_age=0) always says.
 */
export function freshCampusSignIn(session: Partial<SessionData> | undefined, nowMs: number): boolean {
  if (session?.signInMethod !== 'campus' || typeof session.signedInAt !== 'number' || typeof session.campusAuthenticatedAt !== 'number') return false;
  const provedAt = Math.min(session.campusAuthenticatedAt, session.signedInAt);
  const age = nowMs - provedAt;
  return age >= 0 && age <= STEP_UP_WINDOW_MS;
}

/**
 * The route middleware: after the route's rule and body validation, before its handler. The
 * campus path is asked first (no password needed, nothing counted); otherwise the password.
 */
export function requireStepUp(deps: StepUpDeps): Middleware {
  return async (req, _res, next) => {
    const user = req.user;
    if (!user) throw new UnauthorizedError(M.signInRequired); // the route's rule already asked; never reached
    if (freshCampusSignIn(req.session, deps.clock.now().getTime())) return next();
    const body: unknown = req.body;
    const password = typeof body === 'object' && body !== null && 'currentPassword' in body ? body.currentPassword : undefined;
    if (typeof password !== 'string' || password === '') throw new ForbiddenError(M.stepUpRequired, 'step_up_required');
    await deps.limiter.consume(`step-up:${user.id}`, deps.rule);
    if (!(await deps.verifyPassword(user.id, password))) throw new ForbiddenError(M.stepUpFailed, 'step_up_failed');
    next();
  };
}
