import { AppError } from '../../server/src/errors.js';

/**
 * A refusal the operator can act on (no such account or job, a sample member, a job already
 * running): its one-line message and exit code 2. Anything else is a failure and goes on up.
 */
export function refuse(error: unknown): void {
  if (!(error instanceof AppError) || error.status >= 500) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exitCode = 2;
}
