import { IconCrown, IconPlayerPlayFilled, IconRosetteDiscountCheckFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { thumbnailUrl } from '../../features/search/api';
import { i18next } from '../../i18n/i18n';
import { intlLocale } from '../../i18n/languages';
import type { FirstMoment, SearchResult } from '../../features/search/api';
import classes from './Search.module.css';

/** The first moment filling a card: a thumbnail, a gradient text card, or a dark video tile with a play icon. */
export function MomentMedia({ moment, index, fallbackText }: { moment: FirstMoment | null; index: number; fallbackText: string }) {
  if (moment?.type === 'image' && moment.imageUrl) {
    return <img className={classes.media} src={thumbnailUrl(moment.imageUrl)} alt="" loading="lazy" decoding="async" />;
  }
  if (moment?.type === 'video' && moment.videoUrl) {
    return (
      <span className={classes.videoMedia}>
        <span className={classes.play} aria-hidden>
          <IconPlayerPlayFilled size={24} />
        </span>
      </span>
    );
  }
  const text = (moment?.type === 'text' ? moment.textContent : null) ?? moment?.caption ?? fallbackText;
  return (
    <span className={classes.textMedia} data-tone={index % 3}>
      <span className={classes.textClip}>{text}</span>
    </span>
  );
}

/**
 * A match percentage in the reader's language, one decimal at most: 87.5%, 90%, 87,5 %. Rounded
 * first as toFixed does, so English reads exactly as it always has.
 */
export function formatMatch(value: number): string {
  const rounded = Number(value.toFixed(1));
  return new Intl.NumberFormat(intlLocale(i18next.language), { style: 'percent', maximumFractionDigits: 1 }).format(rounded / 100);
}

export function ResultCard({ result, index, height, onOpen }: { result: SearchResult; index: number; height: number; onOpen: () => void }) {
  const { t } = useTranslation('search');
  return (
    <div role="listitem">
      <div className={classes.card} style={{ height, animationDelay: `${String(Math.min(index, 12) * 40)}ms` }}>
        <MomentMedia moment={result.firstMoment} index={index} fallbackText={result.bio || result.whyMatch} />
        <span className={classes.matchBadge}>{formatMatch(result.matchPercentage)}</span>
        <span className={classes.overlay}>
          <span className={classes.cardName}>
            {result.avatarUrl ? <img className={classes.cardAvatar} src={result.avatarUrl} alt="" loading="lazy" decoding="async" /> : null}
            <span className={classes.oneLine}>
              {t('card.nameAge', { name: result.name, age: result.age })}
            </span>
            {result.isVip ? <IconCrown size={16} color="var(--mantine-color-yellow-4)" aria-hidden style={{ flexShrink: 0 }} /> : null}
            {result.campusVerified ? <IconRosetteDiscountCheckFilled size={16} color="var(--mantine-color-teal-2)" aria-hidden style={{ flexShrink: 0 }} data-testid="verified-mark" /> : null}
          </span>
          {result.whyMatch ? <span className={`${classes.oneLine} ${classes.cardWhy}`}>{result.whyMatch}</span> : null}
        </span>
        {/* Over the card, not around it: a name that leaves out the card's text would fail Label in Name. */}
        <button
          type="button"
          className={classes.cardHit}
          onClick={onOpen}
          aria-label={t('card.label', {
            name: result.name,
            age: result.age,
            vip: result.isVip ? 'yes' : 'no',
            verified: result.campusVerified ? 'yes' : 'no',
            match: formatMatch(result.matchPercentage),
          })}
          data-testid="result-card"
        />
      </div>
    </div>
  );
}
