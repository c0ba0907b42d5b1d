import type { ErrorRequestHandler, RequestHandler } from 'express';

import type { ErrorBody } from '../../../contract/errors.js';
import { isDatabaseUnavailable } from '../db/database.js';
import { AppError, TooManyRequestsError } from '../errors.js';


/** Errors raised by Express's body parser carry `type` and `status`. */
interface HttpParserError {
  type?: string;
  status?: number;
  expose?: boolean;
  message?: string;
}

function toResponse(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    const body: ErrorBody = { error: { code: error.code, message: error.message } };
    if (error.details !== undefined) body.error.details = error.details;
    return { status: error.status, body };
  }
  const parserError = (typeof error === 'object' && error !== null ? error : {}) as HttpParserError;
  switch (parserError.type) {
    case 'entity.parse.failed':
      return { status: 400, body: { error: { code: 'invalid_json', message: 'The request body is not valid JSON.' } } };
    case 'entity.too.large':
      return { status: 413, body: { error: { code: 'payload_too_large', message: 'The request body is too large.' } } };
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return { status: 415, body: { error: { code: 'unsupported_encoding', message: 'The request body encoding is not supported.' } } };
    default:
      break; // not a body-parser error: the checks below
  }
  // Other client errors raised by Express itself (a missing static file, say).
  if (parserError.expose && typeof parserError.status === 'number' && parserError.status >= 400 && parserError.status < 500) {
    const code = parserError.status === 404 ? 'not_found' : 'bad_request';
    const message = parserError.status === 404 ? 'Not found.' : (parserError.message ?? 'Bad request.');
    return { status: parserError.status, body: { error: { code, message } } };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      status: 503,
      body: { error: { code: 'database_unavailable', message: 'The service is temporarily unavailable. Please try again shortly.' } },
    };
  }
  return { status: 500, body: { error: { code: 'internal_error', message: 'Something went wrong. Please try again.' } } };
}

/** The one error handler: every failure leaves as `{ error: { code, message } }`, never a stack. */
export const errorHandler: ErrorRequestHandler = (error, req, res, next) => {
  if (res.headersSent) {
    next(error);
    return;
  }
  const { status, body } = toResponse(error);
  if (status >= 500) req.log.error({ err: error }, 'request failed');
  else req.log.debug({ err: error }, 'request rejected');
  if (status === 503) res.setHeader('Retry-After', '5');
  if (error instanceof TooManyRequestsError) res.setHeader('Retry-After', String(error.retryAfterSeconds));
  res.status(status).json(body);
};

/** Unknown API routes answer in the API's shape, never with the SPA's HTML. */
export const apiNotFound: RequestHandler = (req, res) => {
  const body: ErrorBody = { error: { code: 'not_found', message: `No API route for ${req.method} ${req.baseUrl}${req.path}` } };
  res.status(404).json(body);
};

/** Anything no route took (a POST to a page path, say). */
export const notFound: RequestHandler = (req, res) => {
  const body: ErrorBody = { error: { code: 'not_found', message: `Nothing here for ${req.method} ${req.path}` } };
  res.status(404).json(body);
};
