import { useEffect, useRef } from 'react';

/** How far (px) the sheet must be pulled before it toggles. */
export const pullThresholdPx = 25;
/** A pull only starts this close (px) to the sheet's top edge. */
export const pullZonePx = 120;
/** A pull never starts on these: they keep their own taps and drags. */
const interactiveSelector = 'input, button, a, textarea, select, label, [role="button"]';
/** Finger travel (px) before we decide whether a touch is a vertical pull. */
const slopPx = 6;

interface Options {
  /** True while the sheet is pulled down (the demo is showing). */
  pulled: boolean;
  onChange: (pulled: boolean) => void;
  /** Only phones get the gesture. */
  enabled: boolean;
}

/**
 * The phone layout's pull gesture: dragging the sheet's top down reveals the demo, dragging it back
 * up returns to the form. While the finger moves the sheet follows it through the `--sheet-drag`
 * custom property (and `data-dragging` turns the CSS transition off); on release it settles.
 * `sheet` is the element itself (kept in state through a callback ref), so the listeners follow it.
 */
export function useSheetPull(sheet: HTMLElement | null, options: Options): void {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    if (!sheet) return;

    let start: { x: number; y: number } | null = null;
    let active = false;
    let offset = 0;

    const reset = () => {
      start = null;
      active = false;
      offset = 0;
      sheet.style.removeProperty('--sheet-drag');
      delete sheet.dataset.dragging;
    };

    const onStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (!latest.current.enabled || event.touches.length !== 1 || !touch) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest(interactiveSelector)) return;
      const fromTop = touch.clientY - sheet.getBoundingClientRect().top;
      if (fromTop < 0 || fromTop > pullZonePx) return;
      start = { x: touch.clientX, y: touch.clientY };
      active = false;
      offset = 0;
    };

    const onMove = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (!start || !touch) return;
      const dy = touch.clientY - start.y;
      const dx = touch.clientX - start.x;
      const { pulled } = latest.current;
      if (!active) {
        if (Math.abs(dy) < slopPx && Math.abs(dx) < slopPx) return;
        // Sideways, or pushing the open sheet up (scrolling the form), or pulling the lowered sheet
        // further down: not a pull.
        if (Math.abs(dx) > Math.abs(dy) || (!pulled && dy < 0) || (pulled && dy > 0)) {
          start = null;
          return;
        }
        active = true;
        sheet.dataset.dragging = '';
      }
      if (event.cancelable) event.preventDefault();
      offset = pulled ? Math.min(0, dy) : Math.max(0, dy);
      sheet.style.setProperty('--sheet-drag', `${String(offset)}px`);
    };

    const onEnd = () => {
      if (!start) return;
      const wasPull = active;
      const distance = offset;
      reset();
      const { pulled, onChange } = latest.current;
      if (wasPull) {
        if (!pulled && distance > pullThresholdPx) onChange(true);
        else if (pulled && distance < -pullThresholdPx) onChange(false);
      } else if (pulled) {
        // A tap on the lowered sheet brings the form back.
        onChange(false);
      }
    };

    sheet.addEventListener('touchstart', onStart, { passive: true });
    sheet.addEventListener('touchmove', onMove, { passive: false });
    sheet.addEventListener('touchend', onEnd);
    sheet.addEventListener('touchcancel', reset);
    return () => {
      sheet.removeEventListener('touchstart', onStart);
      sheet.removeEventListener('touchmove', onMove);
      sheet.removeEventListener('touchend', onEnd);
      sheet.removeEventListener('touchcancel', reset);
      reset();
    };
  }, [sheet]);
}
