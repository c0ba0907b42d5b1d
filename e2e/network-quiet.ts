// When a page's network has gone quiet: its requests counted from the page's own events, so the
// browser tests need not wait Playwright's fixed 500 ms of `networkidle` before every check.
import type { Page, Request } from 'playwright-core';

interface Tracker {
  inFlight: Set<Request>;
  lastActivity: number;
}

const trackers = new WeakMap<Page, Tracker>();

/** Counts a page's requests from now on (call it before the page's first navigation). */
export function trackRequests(page: Page): void {
  const tracker: Tracker = { inFlight: new Set(), lastActivity: Date.now() };
  const done = (request: Request) => {
    tracker.inFlight.delete(request);
    tracker.lastActivity = Date.now();
  };
  page.on('request', (request) => {
    // A redirect's first request ends in the next one, with no event of its own.
    const from = request.redirectedFrom();
    if (from !== null) tracker.inFlight.delete(from);
    tracker.inFlight.add(request);
    tracker.lastActivity = Date.now();
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  trackers.set(page, tracker);
}

/**
 * Waits until the page has had no request in flight for `quietMs` (a request that starts another
 * when it ends, as a list loading its pictures does, restarts the wait). A page not tracked falls
 * back to Playwright's `networkidle`.
 */
export async function waitForNetworkQuiet(page: Page, quietMs = 150, timeoutMs = 10_000): Promise<void> {
  const tracker = trackers.get(page);
  if (tracker === undefined) {
    await page.waitForLoadState('networkidle').catch(() => undefined);
    return;
  }
  await page.waitForLoadState('load').catch(() => undefined);
  const deadline = Date.now() + timeoutMs;
  while (tracker.inFlight.size > 0 || Date.now() - tracker.lastActivity < quietMs) {
    if (Date.now() > deadline) {
      // Say so rather than fail: the checks that follow wait for what they need themselves.
      console.warn(`network not quiet after ${String(timeoutMs)} ms: ${[...tracker.inFlight].map((r) => r.url()).join(', ')}`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
