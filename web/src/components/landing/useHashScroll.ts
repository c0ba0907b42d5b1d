import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

// Client-side navigation to "/#section" does not scroll by itself, so scroll to the target
// whenever the hash changes (and on first load with a hash). Each navigation has a new key,
// so clicking the same anchor twice scrolls again.
export function useHashScroll(): void {
  const { hash, key } = useLocation();

  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  }, [hash, key]);
}
