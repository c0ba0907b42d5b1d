import { useEffect } from 'react';

/** When the welcome page's confetti bursts go off after it opens (spec: 0.3 s, 1 s and 2 s). */
export const CONFETTI_BURSTS_MS = [300, 1000, 2000];

/**
 * Bursts of confetti (100 particles, spread 70) at the given times after the page opens (the
 * welcome page's three by default), unless the visitor prefers reduced motion; none while `on` is false.
 * The library is loaded only here, and draws on the main thread: its worker would be a blob: script,
 * which the CSP (script-src 'self') refuses.
 */
export function useConfetti(bursts: readonly number[] = CONFETTI_BURSTS_MS, on = true): void {
  useEffect(() => {
    if (!on || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const openedAt = performance.now();
    let cancelled = false;
    const timers: number[] = [];
    let reset: (() => void) | undefined;
    void import('canvas-confetti').then(({ default: confetti }) => {
      if (cancelled) return;
      const fire = confetti.create(undefined, { resize: true, useWorker: false, disableForReducedMotion: true });
      reset = () => {
        fire.reset();
      };
      // Counted from when the page opened, not from when the library arrived.
      const elapsed = performance.now() - openedAt;
      for (const at of bursts) {
        timers.push(
          window.setTimeout(() => {
            void fire({ particleCount: 100, spread: 70, origin: { y: 0.6 } });
          }, Math.max(0, at - elapsed)),
        );
      }
    });
    return () => {
      cancelled = true;
      timers.forEach((timer) => {
        window.clearTimeout(timer);
      });
      reset?.();
    };
  }, [bursts, on]);
}
