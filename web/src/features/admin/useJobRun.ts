// One job as a maintenance page sees it: its newest run (so a reload mid-run keeps showing the
// progress, and a finished run its results), starting a new one, and what happened when it ends.
import { useEffect, useRef, useState } from 'react';
import { mutate as revalidate } from 'swr';

import { errorMessage } from '../auth/notify';
import { type JobName, type JobRun, jobsKey, progressPercent, startJob, useJobRuns, useRunItems } from './jobs';

/**
 * A run whose counts have not moved for this long was probably cut off (the server stopped); the
 * server takes over a run whose heartbeat is a minute old, so starting again resumes it.
 */
export const STALL_MS = 75_000;

interface Events {
  /** The server took a new run. */
  onStarted?: (run: JobRun) => void;
  /** A run this page watched has completed. */
  onCompleted?: (run: JobRun) => void;
  /** Starting was refused (one already runs, say), or a run this page watched failed. */
  onFailed?: (message: string | null) => void;
}

export function useJobRun<Result>(name: JobName, events: Events = {}) {
  const { runs, error, isLoading, mutate } = useJobRuns(name);
  const run = runs?.[0] ?? null;
  const { items, error: itemsError } = useRunItems<Result>(run);
  const [starting, setStarting] = useState(false);

  // The latest handlers, so a page may pass new functions on every render.
  const handlers = useRef(events);
  useEffect(() => {
    handlers.current = events;
  });

  // A run seen running here: its end is announced once. One found already finished is just shown.
  const watched = useRef<string | null>(null);
  useEffect(() => {
    if (!run) return;
    if (run.state === 'running') {
      watched.current = run.id;
      return;
    }
    if (watched.current !== run.id) return;
    watched.current = null;
    if (run.state === 'completed') handlers.current.onCompleted?.(run);
    else handlers.current.onFailed?.(run.error);
  }, [run]);

  // The progress as it stands; when it stays the same for STALL_MS, the run is stalled.
  const progressKey = run?.state === 'running' ? `${run.id}:${String(run.processed)}:${String(run.total)}` : null;
  const [stalledAt, setStalledAt] = useState<string | null>(null);
  useEffect(() => {
    if (!progressKey) return;
    const timer = setTimeout(() => setStalledAt(progressKey), STALL_MS);
    return () => clearTimeout(timer);
  }, [progressKey]);
  const stalled = progressKey !== null && stalledAt === progressKey;
  const running = run?.state === 'running' && !stalled;

  const start = async (options: { force?: boolean } = {}) => {
    if (starting || running) return;
    setStarting(true);
    try {
      const started = await startJob(name, options);
      watched.current = started.id;
      // A resumed run keeps its id and counts: it is not stalled any more.
      setStalledAt(null);
      handlers.current.onStarted?.(started);
      // On screen at once (progress 0, the last results cleared); polling takes it from here.
      await mutate((current) => ({ jobs: current?.jobs ?? [], runs: [started, ...(current?.runs ?? []).filter((r) => r.id !== started.id)] }));
      // The list of every job's last runs (the AI System tab), should it be on screen.
      void revalidate(jobsKey());
    } catch (failure) {
      handlers.current.onFailed?.(errorMessage(failure));
      // A run started elsewhere (the CLI, another tab) is shown with its progress.
      void mutate();
    } finally {
      setStarting(false);
    }
  };

  return {
    run,
    items,
    itemsError,
    loadError: error,
    isLoading,
    /** Running and moving: the page shows progress and holds its buttons. */
    running,
    /** Running on paper, but nothing has moved for a while: the page offers to start (resume) it. */
    stalled,
    starting,
    progress: progressPercent(run),
    start,
  };
}
