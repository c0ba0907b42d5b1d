/** One line of `cli doctor`: what was checked, how it went, and what the operator should know. */
export type CheckStatus = 'ok' | 'warn' | 'fail' | 'skip';

export interface CheckResult {
  name: string;
  status: CheckStatus;
  detail: string;
}

/** A check's outcome before it is named: each check function returns one of these. */
export interface Outcome {
  status: CheckStatus;
  detail: string;
}

export const ok = (detail: string): Outcome => ({ status: 'ok', detail });
export const warn = (detail: string): Outcome => ({ status: 'warn', detail });
export const fail = (detail: string): Outcome => ({ status: 'fail', detail });
export const skip = (detail: string): Outcome => ({ status: 'skip', detail });

export class CheckTimeoutError extends Error {
  constructor(readonly ms: number) {
    super(`no answer within ${formatMs(ms)}`);
    this.name = 'CheckTimeoutError';
  }
}

/**
 * `work` or a CheckTimeoutError after `ms`, whichever comes first. The work itself is not stopped
 * (a promise cannot be), so every check also bounds its own socket or query; this is the backstop
 * that keeps one hung dependency from hanging the whole report.
 */
export async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeoutError(ms)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A check that throws fails with the error's message: the report always has its line. */
export async function runCheck(name: string, timeoutMs: number, check: () => Promise<Outcome> | Outcome): Promise<CheckResult> {
  try {
    const outcome = await withTimeout(Promise.resolve().then(check), timeoutMs);
    return { name, ...outcome };
  } catch (error) {
    return { name, status: 'fail', detail: messageOf(error) };
  }
}

export function messageOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return messageOf(error.errors[0]);
  if (error instanceof Error) return error.message || error.name || (error as NodeJS.ErrnoException).code || 'unknown error';
  return String(error);
}

export function formatMs(ms: number): string {
  return ms >= 1000 && ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
