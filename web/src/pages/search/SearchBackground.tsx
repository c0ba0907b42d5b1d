import { useProfile } from '../../features/profile/api';
import classes from './Search.module.css';

/** The spec's opacity for a background saved without one. */
const DEFAULT_OPACITY = 0.7;

/**
 * The member's own search background (profiles.search_background_url), drawn full-screen behind
 * the page at its saved opacity; nothing when none is set. It is set in the settings.
 */
export function SearchBackground() {
  const { profile } = useProfile();
  const url = profile?.search_background_url;
  if (!url) return null;
  const saved = profile.search_background_opacity;
  const opacity = typeof saved === 'number' && Number.isFinite(saved) ? Math.min(1, Math.max(0, saved)) : DEFAULT_OPACITY;
  // JSON quoting is also valid CSS string quoting, so a URL with quotes or spaces stays one value.
  return <div className={classes.background} style={{ backgroundImage: `url(${JSON.stringify(url)})`, opacity }} data-testid="search-background" aria-hidden />;
}
