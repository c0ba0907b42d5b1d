import connectPgSimple from 'connect-pg-simple';
import type { Request, RequestHandler, Response } from 'express';
import session, { type Store } from 'express-session';
import type pg from 'pg';

import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { UnauthorizedError } from '../errors.js';
import { AUTH_MESSAGES } from './messages.js';

declare module 'express-session' {
  interface SessionData {
    /** When the member signed in (ms): a session never outlives SESSION_ABSOLUTE_DAYS from here. */
    signedInAt: number;
    /**
     * How the member signed in: 'password' (sign-in, sign-up's code, a reset link) or 'campus'
     * (the campus identity provider). A campus sign-in of the last 5 minutes is step-up proof
     * (auth/step-up.ts). Sessions from before this field have none: they prove nothing.
     */
    signInMethod?: 'password' | 'campus';
    /**
     * A campus sign-in: when the member last logged in at the provider (its ID token's auth_time,
     * ms), if the provider said. The step-up's 5 minutes count from it.
     */
    campusAuthenticatedAt?: number;
  }
}

/** The session cookie's name outside production (a __Host- cookie needs https, which localhost lacks). */
export const DEV_SESSION_COOKIE = 'kindred.sid';
/**
 * In production: a __Host- cookie, which browsers accept only with Secure, Path=/ and no Domain,
 * so no subdomain and no plain-http page can plant or overwrite it.
 */
export const PRODUCTION_SESSION_COOKIE = '__Host-kindred.sid';

export function sessionCookieName(config: Pick<Config, 'env'>): string {
  return config.env === 'production' ? PRODUCTION_SESSION_COOKIE : DEV_SESSION_COOKIE;
}

/** Tells the browser to forget the session cookie, with the attributes it was set with (a __Host- cookie is only replaced by a Secure one). */
export function clearSessionCookie(res: Response, config: Pick<Config, 'env'>): void {
  res.clearCookie(sessionCookieName(config), { path: '/', httpOnly: true, sameSite: 'lax', secure: config.env === 'production' });
}

export type SessionStore = Store & { close(): void; pruneSessions(callback?: (error: Error) => void): void };

/** How often a session's expiry is renewed in the store while it is in use. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

export function createSessionStore(pool: pg.Pool): SessionStore {
  const PgStore = connectPgSimple(session);
  const store = new PgStore({
    pool,
    tableName: 'sessions',
    createTableIfMissing: false, // the migrations own the table
    // Expired rows are pruned by the server's housekeeping timer, not by a timer per store.
    pruneSessionInterval: false,
  });
  store.touch = throttledTouch(store.touch.bind(store), SESSION_TOUCH_INTERVAL_MS);
  return store;
}

type Touch = NonNullable<Store['touch']>;

/**
 * `rolling` renews the idle timeout on every response, and the store would write the sessions
 * table each time (a write and a commit for every API call). The expiry only needs renewing now
 * and then: a session is touched in the store at most once per `intervalMs`, so its idle timeout
 * can end up to that much early; the cookie is still renewed on every response.
 */
export function throttledTouch(touch: Touch, intervalMs: number, now: () => number = Date.now): Touch {
  const lastTouched = new Map<string, number>();
  return (sid, data, callback) => {
    const at = now();
    const previous = lastTouched.get(sid);
    if (previous !== undefined && at - previous < intervalMs) return callback?.();
    if (lastTouched.size >= 10_000) lastTouched.clear(); // forgetting costs one early touch each
    lastTouched.set(sid, at);
    // Stores pass an error to the callback (express-session reads it), though the types say none.
    const done = callback as ((error?: unknown) => void) | undefined;
    touch(sid, data, (error?: unknown) => {
      if (error) lastTouched.delete(sid);
      done?.(error);
    });
  };
}

/**
 * Session cookies: HttpOnly, SameSite=Lax, idle timeout renewed on use; in production Secure and
 * named __Host-kindred.sid (path /, no domain: express-session sets neither unless told).
 * express-session signs with the first secret and verifies with each: during a rotation
 * (SESSION_SECRET_PREVIOUS) a cookie of the old secret still opens its session, and the rolling
 * cookie of its next response is signed with the new one.
 */
export function sessionMiddleware(config: Pick<Config, 'env' | 'trustProxy' | 'sessionIdleMs' | 'sessionSecretPrevious'>, store: Store, secret: string): RequestHandler {
  return session({
    name: sessionCookieName(config),
    store,
    secret: config.sessionSecretPrevious ? [secret, config.sessionSecretPrevious] : secret,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    proxy: config.trustProxy > 0,
    cookie: { path: '/', httpOnly: true, sameSite: 'lax', secure: config.env === 'production', maxAge: config.sessionIdleMs },
  });
}

function regenerate(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.regenerate((error) => (error ? reject(error) : resolve())));
}

/** Ends a signed-in session that is older than the absolute lifetime, however active it was. */
export function enforceAbsoluteLifetime(clock: Clock, absoluteMs: number): RequestHandler {
  return async (req, _res, next) => {
    const signedInAt = req.session?.signedInAt;
    if (signedInAt !== undefined && clock.now().getTime() - signedInAt > absoluteMs) await regenerate(req);
    next();
  };
}

/**
 * A session whose account was deleted stops working on its next request (spec part 3 §4): it is
 * ended, and API calls get the spec's message so the app can say why the member was signed out.
 */
export const rejectDeletedAccounts: RequestHandler = async (req, _res, next) => {
  if (!req.user?.deletedAt) return next();
  req.user = undefined;
  await regenerate(req);
  if (req.originalUrl.startsWith('/api/')) throw new UnauthorizedError(AUTH_MESSAGES.accountDeletedInSession, 'account_deleted');
  next();
};
