import { useCallback, useEffect, useRef, useState } from 'react';
import type { MouseEvent, RefObject } from 'react';
import { useTranslation } from 'react-i18next';

import type { Session } from '../../features/auth/api';
import { errorMessage, notify } from '../../features/auth/notify';
import { useSubscription } from '../../features/payments/api';
import { ApiError } from '../../api/client';
import { useSignOut } from '../../features/auth/useSignOut';
import { useUnreadCount } from '../../features/mailbox/api';
import { DEFAULT_SCOPE, search } from '../../features/search/api';
import type { RuleKind, SearchResult, SearchRule, SearchScope } from '../../features/search/api';
import type { RecommendedMoment } from '../../features/search/moments';
import { checkIn, useStreak } from '../../features/streak/api';
import { useFormat } from '../../i18n/useFormat';
import { usePullUpToReturn } from './usePullUpToReturn';

export type Mode = 'search' | 'moment';
export type Phase = 'idle' | 'searching' | 'results';

/** Results appear this long after they arrive (spec). */
const RESULTS_DELAY_MS = 100;

// Clicks on these are the control's own, never a background tap.
const FOREGROUND = 'button, a, input, textarea, select, label, [role="menu"], [role="menuitem"], [role="dialog"], [data-foreground]';

/**
 * The search screen's state: the query, the run in flight, the results and what is open over them.
 * The caller holds `rootRef` (the screen's box): returned from here, react-hooks/refs would take every value beside it for a ref.
 */
export function useSearchPage(session: Session, rootRef: RefObject<HTMLDivElement | null>) {
  const { t } = useTranslation('search');
  const format = useFormat();
  const [mode, setMode] = useState<Mode>('search');
  const [phase, setPhase] = useState<Phase>('idle');
  const [query, setQuery] = useState('');
  const [searchedFor, setSearchedFor] = useState('');
  const [results, setResults] = useState<SearchResult[]>([]);
  /** The rules the search read from the query, and the ones the member removed since. */
  const [rules, setRules] = useState<SearchRule[]>([]);
  const [ignored, setIgnored] = useState<RuleKind[]>([]);
  /** Who the searches show (the verified-only chip, the show-everyone switch): kept from one search to the next. */
  const [scope, setScope] = useState<SearchScope>(DEFAULT_SCOPE);
  const [refining, setRefining] = useState(false);
  const [selected, setSelected] = useState<SearchResult | null>(null);
  const [moment, setMoment] = useState<RecommendedMoment | null>(null);
  const searchRun = useRef<{ abort: AbortController; timer?: ReturnType<typeof setTimeout> } | null>(null);
  const checkedIn = useRef(false);
  const leaving = useRef(false);
  const { streak, mutate: mutateStreak } = useStreak();
  const { signingOut, signOut } = useSignOut(() => {
    leaving.current = true;
  });
  const { subscription } = useSubscription(true, session.subscription);
  const vip = subscription?.subscribed === true;
  const { unreadCount } = useUnreadCount();

  useEffect(
    () => () => {
      searchRun.current?.abort.abort();
      clearTimeout(searchRun.current?.timer);
    },
    [],
  );

  /** The daily-allowance refusal in the member's own clock and language (the server words it in UTC). */
  const allowanceMessage = (failure: ApiError): string => {
    const details = failure.details as { allowance?: number; resetsAt?: string } | undefined;
    if (!details?.resetsAt || !details.allowance) return failure.message;
    const time = format.date(details.resetsAt, { hour: 'numeric', minute: '2-digit' });
    return t('toasts.allowanceText', { allowance: format.number(details.allowance), time });
  };

  // A first search and a refined one fail alike: the allowance gets its own words.
  const notifyFailure = (failure: unknown) => {
    if (failure instanceof ApiError && failure.code === 'search_allowance_used') notify('info', t('toasts.allowanceTitle'), allowanceMessage(failure));
    else notify('error', t('toasts.failedTitle'), errorMessage(failure));
  };

  const submit = async () => {
    const text = query.trim();
    if (!text || phase === 'searching') return;
    const run: { abort: AbortController; timer?: ReturnType<typeof setTimeout> } = { abort: new AbortController() };
    searchRun.current = run;
    setPhase('searching');
    try {
      const { results: found, rules: understood } = await search(text, { signal: run.abort.signal, scope });
      if (searchRun.current !== run) return;
      if (found.length === 0) {
        searchRun.current = null;
        setPhase('idle');
        notify('info', t('toasts.noMatchesTitle'), t('toasts.noMatchesText'));
        return;
      }
      run.timer = setTimeout(() => {
        if (searchRun.current !== run) return;
        searchRun.current = null;
        setResults(found);
        setRules(understood);
        setIgnored([]);
        setSearchedFor(text);
        setPhase('results');
        window.scrollTo({ top: 0 });
      }, RESULTS_DELAY_MS);
    } catch (failure) {
      if (searchRun.current !== run) return;
      searchRun.current = null;
      setPhase('idle');
      notifyFailure(failure);
    }
  };

  /**
   * The same search again, in place, with a rule removed or the scope changed. Nothing changes
   * until the answer is in: a refinement that finds no one keeps the results (and controls) as they were.
   */
  const refine = async (next: { ignore?: RuleKind[]; scope?: SearchScope }) => {
    const ignore = next.ignore ?? ignored;
    const nextScope = next.scope ?? scope;
    setRefining(true);
    try {
      const { results: found, rules: understood } = await search(searchedFor, { ignore, scope: nextScope });
      if (found.length === 0) {
        notify('info', t('toasts.noMatchesTitle'), t('toasts.noMatchesText'));
        return;
      }
      setResults(found);
      setRules(understood);
      setIgnored(ignore);
      setScope(nextScope);
    } catch (failure) {
      notifyFailure(failure);
    } finally {
      setRefining(false);
    }
  };

  /** A rule chip removed: the same search again without that rule. */
  const dropRule = (kind: RuleKind) => refine({ ignore: [...ignored, kind] });
  const changeScope = (change: Partial<SearchScope>) => refine({ scope: { ...scope, ...change } });

  const cancel = () => {
    const run = searchRun.current;
    if (!run) return;
    searchRun.current = null;
    run.abort.abort();
    clearTimeout(run.timer);
    setPhase('idle');
    notify('info', t('toasts.cancelledTitle'), t('toasts.cancelledText'));
  };

  /** Back from the results to the search box; the first time, the daily check-in. */
  const resetResults = useCallback(() => {
    setPhase('idle');
    setResults([]);
    setSelected(null);
    window.scrollTo({ top: 0 });
    if (checkedIn.current) return;
    checkedIn.current = true;
    checkIn()
      .then((answer) => {
        if (!answer.success) return;
        void mutateStreak(
          { streakDays: answer.streakDays, streakBoxes: answer.streakBoxes, lastCheckInDate: answer.lastCheckInDate, checkedInToday: true },
          { revalidate: false },
        );
        notify('success', t('toasts.checkedInTitle'), t('toasts.checkedInText', { days: answer.streakDays }));
      })
      .catch(() => {
        // The streak is a nicety: a failed check-in is tried again on the next visit.
        checkedIn.current = false;
      });
  }, [mutateStreak, t]);

  const onBackgroundClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as Element;
    // Clicks inside portals (menus, dialogs) bubble here through React but are not on the page.
    if (!rootRef.current?.contains(target) || target.closest(FOREGROUND)) return;
    if (selected || moment) {
      setSelected(null);
      setMoment(null);
    } else if (phase === 'results') {
      resetResults();
    } else if (phase === 'idle') {
      setMode((current) => (current === 'search' ? 'moment' : 'search'));
    }
  };

  usePullUpToReturn(phase === 'results', resetResults);

  return {
    mode,
    setMode,
    phase,
    query,
    setQuery,
    searchedFor,
    results,
    rules,
    refining,
    scope,
    changeScope,
    selected,
    setSelected,
    moment,
    setMoment,
    streakDays: streak?.streakDays,
    vip,
    unreadCount,
    signingOut,
    signOut,
    submit,
    dropRule,
    cancel,
    resetResults,
    onBackgroundClick,
  };
}
