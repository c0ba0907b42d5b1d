// The detailed analysis of one result: idle → loading → completed | failed. While the server says
// pending or generating it is asked again every 3 s, for at most 30 s.
import { useCallback, useEffect, useRef, useState } from 'react';

import { errorMessage } from '../auth/notify';
import { requestAnalysis } from './api';
import type { Analysis } from './api';

export const ANALYSIS_POLL_MS = 3_000;
export const ANALYSIS_MAX_WAIT_MS = 30_000;

export type AnalysisState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'completed'; data: Analysis }
  /** message: the server's sentence, null when it gave none; timedOut: no answer within the wait. */
  | { status: 'failed'; message: string | null; timedOut?: boolean };

export function useAnalysis(profileId: string, searchQuery: string) {
  const [state, setState] = useState<AnalysisState>({ status: 'idle' });
  const run = useRef<{ abort: AbortController; timer?: ReturnType<typeof setTimeout> } | null>(null);

  const stop = useCallback(() => {
    if (!run.current) return;
    run.current.abort.abort();
    clearTimeout(run.current.timer);
    run.current = null;
  }, []);

  useEffect(() => stop, [stop]);

  const start = useCallback(() => {
    stop();
    const current: { abort: AbortController; timer?: ReturnType<typeof setTimeout> } = { abort: new AbortController() };
    run.current = current;
    const startedAt = Date.now();
    setState({ status: 'loading' });

    const ask = async () => {
      try {
        const answer = await requestAnalysis(profileId, searchQuery, current.abort.signal);
        if (run.current !== current) return;
        if (answer.status === 'completed' && answer.data) {
          run.current = null;
          setState({ status: 'completed', data: answer.data });
        } else if (answer.status === 'failed' || answer.status === 'completed') {
          run.current = null;
          setState({ status: 'failed', message: answer.error ?? null });
        } else if (Date.now() - startedAt + ANALYSIS_POLL_MS > ANALYSIS_MAX_WAIT_MS) {
          run.current = null;
          setState({ status: 'failed', message: null, timedOut: true });
        } else {
          current.timer = setTimeout(() => void ask(), ANALYSIS_POLL_MS);
        }
      } catch (failure) {
        if (run.current !== current) return;
        run.current = null;
        setState({ status: 'failed', message: errorMessage(failure) });
      }
    };
    void ask();
  }, [profileId, searchQuery, stop]);

  return { state, start };
}
