// The sign-up waiting for its e-mailed code, kept in sessionStorage so a reload stays on the code form.
// Only the address and when the code was sent are stored: never the password, never the code.
const storageKey = 'kindred.pendingSignup';

/** A pending sign-up older than this is forgotten (the code has long expired by then). */
const maxAgeMs = 60 * 60 * 1000;

export interface PendingSignup {
  email: string;
  /** When the last code was sent (ms since the epoch); the resend countdown starts from it. */
  sentAt: number;
}

export function readPendingSignup(): PendingSignup | null {
  try {
    const raw = window.sessionStorage.getItem(storageKey);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { email, sentAt } = value as Record<string, unknown>;
    if (typeof email !== 'string' || typeof sentAt !== 'number') return null;
    if (Date.now() - sentAt > maxAgeMs || sentAt > Date.now() + 60_000) return null;
    return { email, sentAt };
  } catch {
    return null;
  }
}

export function savePendingSignup(email: string, sentAt: number = Date.now()): PendingSignup {
  const pending: PendingSignup = { email, sentAt };
  try {
    window.sessionStorage.setItem(storageKey, JSON.stringify(pending));
  } catch {
    // Storage can be unavailable (private mode, quota); the flow still works without a reload.
  }
  return pending;
}

export function clearPendingSignup(): void {
  try {
    window.sessionStorage.removeItem(storageKey);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
