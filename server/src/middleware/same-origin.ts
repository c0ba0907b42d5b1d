import type { RequestHandler } from 'express';

import { AppError, ForbiddenError } from '../errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests made by another site (CSRF), on top of SameSite=Lax cookies:
 * a browser says where a request comes from in Sec-Fetch-Site, or at least in Origin. Clients
 * that send neither (curl, the CLI, tests) are not browsers riding on someone's cookie.
 * Bodies must be JSON: a cross-site HTML form cannot send that without a CORS preflight.
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
  if (hasBody && !req.is('application/json')) {
    throw new AppError(415, 'unsupported_media_type', 'Send the request body as application/json.');
  }
  next();
};
