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
