import type { NextFunction, Request, RequestHandler, Response } from 'express';

import { onPrimary } from '../db/read-routing.js';
import type { Middleware } from './middleware.js';

/**
 * Read-your-writes with a read replica: a browser that just changed something reads on the
 * primary for REPLICA_MAX_LAG_MS, the longest a replica in use may be behind, so a member never
 * sees a feed or a search from before their own block, like or post. The moment is kept in a
 * cookie, not in memory, so another app server honours it too, and not in the session, which
 * would cost a write of the sessions table per change. Forging it only moves that browser's own
 * reads between the servers.
 */
export function wroteCookieName(env: string): string {
  return env === 'production' ? '__Host-kindred.wrote' : 'kindred.wrote';
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** On a POST that only reads (a search): answering it does not keep its member on the primary. */
export const readsOnly: Middleware = (_req, res, next) => {
  res.locals.readsOnly = true;
  next();
};

export function readYourWrites(options: { env: string; windowMs: number; now?: () => number }): RequestHandler {
  const name = wroteCookieName(options.env);
  const now = options.now ?? Date.now;
  return (req: Request, res: Response, next: NextFunction) => {
    if (!READS.has(req.method)) {
      // Stamped as the answer goes out, after the change committed: a long upload's write
      // happens long after its request began.
      const writeHead = res.writeHead;
      res.writeHead = function (this: Response, ...args: Parameters<Response['writeHead']>) {
        if (!res.locals.readsOnly) {
          // Max-Age is whole seconds: rounded up, so the browser keeps it for the whole window.
          res.cookie(name, String(now()), { path: '/', httpOnly: true, sameSite: 'lax', secure: options.env === 'production', maxAge: Math.ceil(options.windowMs / 1000) * 1000 });
        }
        return writeHead.apply(this, args);
      } as Response['writeHead'];
    }
    const wroteAt = Number(cookieValue(req, name));
    if (Number.isFinite(wroteAt) && now() - wroteAt < options.windowMs) onPrimary(next);
    else next();
  };
}

function cookieValue(req: Request, name: string): string | undefined {
  for (const part of req.headers.cookie?.split(';') ?? []) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
