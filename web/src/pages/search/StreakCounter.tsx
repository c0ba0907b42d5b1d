import { Tooltip } from '@mantine/core';
import { IconFlame } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import classes from './Search.module.css';

export const CHECK_IN_ANIMATION_MS = 800;

/** The daily streak at the top left; a new value counts up and the pill bumps for 800 ms. */
export function StreakCounter({ days }: { days: number | undefined }) {
  const { t } = useTranslation('search');
  const [shown, setShown] = useState(days ?? 0);
  const [bumping, setBumping] = useState(false);
  const from = useRef(days);

  useEffect(() => {
    const start = from.current;
    from.current = days;
    if (days === undefined) return;
    let frame = 0;
    let stopBump: ReturnType<typeof setTimeout> | undefined;
    if (start === undefined || start === days) {
      frame = requestAnimationFrame(() => {
        setShown(days);
      });
    } else {
      const began = performance.now();
      const step = (now: number) => {
        const progress = Math.min(1, (now - began) / CHECK_IN_ANIMATION_MS);
        setShown(Math.round(start + (days - start) * progress));
        if (progress < 1) frame = requestAnimationFrame(step);
      };
      frame = requestAnimationFrame((now) => {
        setBumping(true);
        step(now);
      });
      stopBump = setTimeout(() => {
        setBumping(false);
      }, CHECK_IN_ANIMATION_MS);
    }
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(stopBump);
    };
  }, [days]);

  const label = t('streak.label', { days: days ?? 0 });
  return (
    <Tooltip label={t('streak.tooltip')}>
      <span className={classes.streak} data-bump={bumping || undefined} role="status" aria-label={label} data-testid="streak">
        <IconFlame size={18} color="var(--mantine-color-orange-6)" aria-hidden />
        <span aria-hidden>{shown}</span>
      </span>
    </Tooltip>
  );
}
