import { useEffect, useState } from 'react';

import { SUGGESTION_ROTATE_MS, suggestions } from '../../features/search/suggestions';
import classes from './Search.module.css';

/** One suggestion at a time, a new one every 10 s with a 150 ms pop; tapping it fills the search box. */
export function SuggestionBubble({ onPick }: { onPick: (text: string) => void }) {
  const [index, setIndex] = useState(0);

  useEffect(() => {
    const timer = setInterval(() => {
      setIndex((current) => (current + 1) % suggestions.length);
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
      aria-label={`Suggestion: ${text}. Use it`}
      data-testid="suggestion"
    >
      {/* A new key restarts the pop; the button itself stays, so keyboard focus is kept. */}
      <span key={index} className={classes.bubbleText}>
        {text}
      </span>
    </button>
  );
}
