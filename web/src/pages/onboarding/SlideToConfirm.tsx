import { IconCheck, IconChevronsRight } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { useFormat } from '../../i18n/useFormat';

import classes from './Onboarding.module.css';

/** How far along the track (0–1) the knob must be let go to count as confirmed. */
const threshold = 0.95;
/** How long "Confirmed" shows before confirming. */
const confirmDelayMs = 1500;

/**
 * The phone's confirm control: drag the knob along the track. Let go at ≥ 95 % and it confirms
 * (after showing "Confirmed" for 1.5 s); anywhere short of that it springs back.
 */
export function SlideToConfirm({ onConfirm, label: givenLabel }: { onConfirm: () => void; label?: string }) {
  const { t } = useTranslation('onboarding');
  const { number } = useFormat();
  const label = givenLabel ?? t('slide.label');
  const trackRef = useRef<HTMLDivElement>(null);
  const knobRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ pointerId: number; startX: number; startOffset: number; max: number } | null>(null);
  const [offset, setOffset] = useState(0);
  const [dragging, setDragging] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  // The knob's travel in px, measured when a drag starts (the track's width follows the screen).
  const [max, setMax] = useState(0);
  const confirmRef = useRef(onConfirm);

  useEffect(() => {
    confirmRef.current = onConfirm;
  }, [onConfirm]);

  const maxOffset = () => {
    const track = trackRef.current;
    const knob = knobRef.current;
    if (!track || !knob) return 0;
    const inset = knob.offsetLeft; // the knob sits inset from the track's left edge; keep the same inset on the right
    return Math.max(0, track.clientWidth - knob.offsetWidth - inset * 2);
  };

  useEffect(() => {
    if (!confirmed) return;
    const timer = window.setTimeout(() => {
      confirmRef.current();
    }, confirmDelayMs);
    return () => {
      window.clearTimeout(timer);
    };
  }, [confirmed]);

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (confirmed || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerId: event.pointerId, startX: event.clientX, startOffset: offset, max: maxOffset() };
    setMax(drag.current.max);
    setDragging(true);
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const next = Math.min(current.max, Math.max(0, current.startOffset + event.clientX - current.startX));
    setOffset(next);
  };

  const finish = (event: ReactPointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = null;
    setDragging(false);
    if (current.max > 0 && offset / current.max >= threshold) {
      setOffset(current.max);
      setConfirmed(true);
    } else {
      setOffset(0);
    }
  };

  const progress = max > 0 ? offset / max : 0;

  return (
    <div
      ref={trackRef}
      className={classes.slideTrack}
      data-confirmed={confirmed || undefined}
      role="group"
      aria-label={label}
    >
      <div className={classes.slideFill} style={{ width: `calc(${String(offset)}px + 56px)`, transition: dragging ? 'none' : undefined }} />
      <span className={classes.slideLabel} style={{ opacity: confirmed ? 1 : Math.max(0, 1 - progress * 1.6) }} aria-live="polite">
        {confirmed ? t('slide.confirmed') : label}
      </span>
      <div
        ref={knobRef}
        className={classes.slideKnob}
        role="slider"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(progress * 100)}
        aria-valuetext={confirmed ? t('slide.confirmed') : number(Math.round(progress * 100) / 100, { style: 'percent' })}
        tabIndex={0}
        onKeyDown={(event) => {
          // Keyboard users confirm with Enter (or Space) instead of dragging.
          if (!confirmed && (event.key === 'Enter' || event.key === ' ')) {
            event.preventDefault();
            const travel = maxOffset();
            setMax(travel);
            setOffset(travel);
            setConfirmed(true);
          }
        }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={finish}
        onPointerCancel={finish}
        style={{ transform: `translateX(${String(offset)}px)`, transition: dragging ? 'none' : undefined }}
      >
        {confirmed ? <IconCheck size={24} /> : <IconChevronsRight size={24} />}
      </div>
    </div>
  );
}
