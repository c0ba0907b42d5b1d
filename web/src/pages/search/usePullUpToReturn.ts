import { useEffect } from 'react';

/** How far (px) a touch must pull up at the bottom of the results to go back to the search box. */
const PULL_UP_PX = 80;

/** On touch: pulling up at the bottom of the results returns to the search box. */
export function usePullUpToReturn(active: boolean, onReturn: () => void) {
  useEffect(() => {
    if (!active) return;
    let startY: number | null = null;
    const atBottom = () => window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 4;
    const onStart = (event: TouchEvent) => {
      startY = atBottom() ? (event.touches[0]?.clientY ?? null) : null;
    };
    const onEnd = (event: TouchEvent) => {
      const endY = event.changedTouches[0]?.clientY;
      if (startY !== null && endY !== undefined && startY - endY > PULL_UP_PX && atBottom()) onReturn();
      startY = null;
    };
    window.addEventListener('touchstart', onStart, { passive: true });
    window.addEventListener('touchend', onEnd, { passive: true });
    return () => {
      window.removeEventListener('touchstart', onStart);
      window.removeEventListener('touchend', onEnd);
    };
  }, [active, onReturn]);
}
