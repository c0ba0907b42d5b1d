import type { Request, RequestHandler } from 'express';

import { AppError, ForbiddenError } from '../errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The few routes that take a non-JSON body (uploads stream as multipart, recorded audio as raw
 * bytes). Paths are relative to the `/api` mount. Each route still checks its own body.
 */
const NON_JSON_BODIES: ReadonlyArray<{ method: string; path: string; types: string[] }> = [
  { method: 'PUT', path: '/profile/first-moment', types: ['multipart/form-data'] },
  { method: 'POST', path: '/moments', types: ['multipart/form-data'] },
  { method: 'POST', path: '/speech-to-text', types: ['audio/*', 'application/octet-stream'] },
  { method: 'POST', path: '/profile/avatar', types: ['image/*', 'application/octet-stream'] },
  { method: 'POST', path: '/profile/background', types: ['image/*', 'application/octet-stream'] },
];

function acceptsNonJsonBody(req: Request): boolean {
  const route = NON_JSON_BODIES.find((r) => r.method === req.method && r.path === req.path);
  return route !== undefined && req.is(route.types) !== false;
}

/**
 * Refuses state-changing requests made by another site (CSRF), on top of SameSite=Lax cookies:
 * a browser says where a request comes from in Sec-Fetch-Site, or at least in Origin. Clients
 * that send neither (curl, the CLI, tests) are not browsers riding on someone's cookie.
 * Bodies must be JSON (a cross-site HTML form cannot send that without a CORS preflight), except
 * on the upload routes listed above, which the Sec-Fetch-Site / Origin check still guards.
 */
export const sameOriginOnly: RequestHandler = (req, _res, next) => {
  if (SAFE_METHODS.has(req.method)) return next();

  const fetchSite = req.get('sec-fetch-site');
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') {
    throw new ForbiddenError('Cross-site requests are not allowed.', 'cross_site_request');
  }
  const origin = req.get('origin');
  if (origin) {
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      throw new ForbiddenError('Cross-site requests are not allowed.', 'cross_site_request');
    }
    if (originHost !== req.get('host')) throw new ForbiddenError('Cross-site requests are not allowed.', 'cross_site_request');
  }

  const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
  if (hasBody && !req.is('application/json') && !acceptsNonJsonBody(req)) {
    throw new AppError(415, 'unsupported_media_type', 'Send the request body as application/json.');
  }
  next();
};
