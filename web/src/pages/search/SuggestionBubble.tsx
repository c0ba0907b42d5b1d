import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { buildSuggestions, SUGGESTION_COUNT, SUGGESTION_ROTATE_MS } from '../../features/search/suggestions';
import classes from './Search.module.css';

/** One suggestion at a time, a new one every 10 s with a 150 ms pop; tapping it fills the search box. */
export function SuggestionBubble({ onPick }: { onPick: (text: string) => void }) {
  const { t } = useTranslation('search');
  const suggestions = useMemo(() => buildSuggestions(t), [t]);
  const [index, setIndex] = useState(0);

  useEffect(() => {
    const timer = setInterval(() => {
      setIndex((current) => (current + 1) % SUGGESTION_COUNT);
    }, SUGGESTION_ROTATE_MS);
    return () => {
      clearInterval(timer);
    };
  }, []);

  const text = suggestions[index] ?? '';
  return (
    <button
      type="button"
      className={classes.bubble}
      onClick={() => {
        onPick(text);
      }}
      aria-label={t('suggestion.label', { text })}
      data-testid="suggestion"
    >
      {/* A new key restarts the pop; the button itself stays, so keyboard focus is kept. */}
      <span key={index} className={classes.bubbleText}>
        {text}
      </span>
    </button>
  );
}
