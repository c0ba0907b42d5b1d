import { UnstyledButton } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';

import classes from './Moment.module.css';

/** How far a finger (or mouse) must travel sideways before it counts as a swipe. */
export const SWIPE_THRESHOLD_PX = 50;

interface Props {
  images: string[];
  /** Names the carousel for assistive technology, e.g. "Your first moment". */
  label: string;
}

/**
 * A tiny swipeable image carousel: swipe (50 px) or use the arrow keys to move, dots when there is
 * more than one image. The track follows the finger while it moves.
 */
export function Carousel({ images, label }: Props) {
  const { t } = useTranslation('moments');
  const [index, setIndex] = useState(0);
  const [drag, setDrag] = useState(0);
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const id = useId();
  const count = images.length;
  const current = Math.min(index, Math.max(count - 1, 0));

  const go = (next: number) => {
    setIndex(Math.max(0, Math.min(count - 1, next)));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (count < 2 || (event.pointerType === 'mouse' && event.button !== 0)) return;
    start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
    event.currentTarget.setPointerCapture(event.pointerId);
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current?.id !== event.pointerId) return;
    const dx = event.clientX - start.current.x;
    // Resist at the ends, so the first and last image feel anchored.
    const atEdge = (dx > 0 && current === 0) || (dx < 0 && current === count - 1);
    setDrag(atEdge ? dx / 3 : dx);
  };

  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current?.id !== event.pointerId) return;
    const dx = event.clientX - start.current.x;
    start.current = null;
    setDrag(0);
    if (dx <= -SWIPE_THRESHOLD_PX) go(current + 1);
    else if (dx >= SWIPE_THRESHOLD_PX) go(current - 1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowRight') go(current + 1);
    else if (event.key === 'ArrowLeft') go(current - 1);
    else return;
    event.preventDefault();
  };

  if (count === 0) return null;

  return (
    <div className={classes.carousel} role="region" aria-roledescription={t('carousel.roleCarousel')} aria-label={label}>
      <div
        className={classes.viewport}
        tabIndex={count > 1 ? 0 : undefined}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        data-dragging={drag !== 0 || undefined}
      >
        <div className={classes.track} style={{ transform: `translateX(calc(${String(-current * 100)}% + ${String(drag)}px))` }}>
          {images.map((src, i) => (
            <div
              key={src}
              id={`${id}-slide-${String(i)}`}
              className={classes.slide}
              role="group"
              aria-roledescription={t('carousel.roleSlide')}
              aria-label={t('carousel.slide', { number: i + 1, count })}
              aria-hidden={i !== current}
            >
              <img src={src} alt={t('carousel.imageAlt', { number: i + 1, count })} draggable={false} className={classes.slideImage} />
            </div>
          ))}
        </div>
      </div>
      {count > 1 ? (
        <div className={classes.dots}>
          {images.map((src, i) => (
            <UnstyledButton
              key={src}
              className={classes.dot}
              data-active={i === current || undefined}
              aria-label={t('carousel.show', { number: i + 1, count })}
              aria-controls={`${id}-slide-${String(i)}`}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => {
                go(i);
              }}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}
