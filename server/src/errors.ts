/**
 * The few error types the app throws on purpose. Each carries an HTTP status and a stable code;
 * the error handler turns them into `{ error: { code, message } }`. Anything else is a bug and
 * is reported as a generic 500 without details.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, code = 'bad_request', details?: unknown) {
    super(400, code, message, details);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found', code = 'not_found') {
    super(404, code, message);
  }
}

export class ServiceUnavailableError extends AppError {
  constructor(message: string, code = 'service_unavailable') {
    super(503, code, message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Please sign in first.', code = 'unauthorized') {
    super(401, code, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You are not allowed to do that.', code = 'forbidden', details?: unknown) {
    super(403, code, message, details);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, code = 'conflict') {
    super(409, code, message);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message = 'Too many attempts. Please try again later.',
    code = 'rate_limited',
    details?: unknown,
  ) {
    super(429, code, message, details);
  }
}
