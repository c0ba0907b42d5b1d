import { useTranslation } from 'react-i18next';

import { momentImages } from '../../features/moment/api';
import type { Profile } from '../../features/profile/api';
import { Carousel } from './Carousel';
import classes from './Moment.module.css';

/** The saved moment, as others will see it. */
export function CurrentMoment({ profile }: { profile: Profile }) {
  const { t } = useTranslation('moments');
  const label = t('editor.currentLabel');
  if (profile.card_type === 'image') return <Carousel images={momentImages(profile)} label={label} />;
  if (profile.card_type === 'video' && profile.card_video_url) {
    return <video className={classes.video} src={profile.card_video_url} controls playsInline preload="metadata" aria-label={label} />;
  }
  return (
    <blockquote className={classes.textMoment} aria-label={label}>
      {profile.card_text}
    </blockquote>
  );
}
