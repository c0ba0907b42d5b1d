// The batch jobs the maintenance pages and the AI System tab start and follow (DESIGN: jobs). A
// run lives on the server: starting answers at once, and the page polls the run's row.
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';

import type { JobItem as ServerJobItem, JobRun, JobsResponse, RunDetail, StartJobRequest } from '../../../../contract/jobs';
import { api } from '../../api/client';
import { useAdminFormat } from './format';

export type JobName = 'standardize-profiles' | 'standardize-locations' | 'fix-formats' | 'regenerate-embeddings' | 'enhance-profiles' | 'weekly-introductions';

export type { JobRun };

/** One handled item of a run, its `result` as each page's job records it. */
export type JobItem<Result> = Omit<ServerJobItem, 'result'> & { result: Partial<Result> & { error?: string | null } };

export type JobsAnswer = JobsResponse;

/** How often a running run is asked for its progress. */
export const POLL_MS = 1_000;

export const jobsKey = (name?: JobName) => (name ? `/api/admin/jobs?name=${encodeURIComponent(name)}` : '/api/admin/jobs');

const anyRunning = (answer: JobsAnswer | undefined) => Boolean(answer?.runs.some((run) => run.state === 'running'));

/** The jobs and their last runs (of one job when named), asked again every second while one runs. */
export function useJobRuns(name?: JobName) {
  const { data, error, isLoading, mutate } = useSWR<JobsAnswer, Error>(jobsKey(name), {
    refreshInterval: (latest) => (anyRunning(latest) ? POLL_MS : 0),
  });
  return { jobs: data?.jobs, runs: data?.runs, error, isLoading, mutate };
}

/** A finished run's items; nothing is asked while it runs (the run row carries the progress). */
export function useRunItems<Result>(run: JobRun | null) {
  const key = run && run.state !== 'running' ? `/api/admin/jobs/runs/${encodeURIComponent(run.id)}` : null;
  const { data, error, isLoading } = useSWR<Omit<RunDetail, 'items'> & { items: JobItem<Result>[] }, Error>(key);
  return { items: data?.items, error, isLoading };
}

/** Starts a run; a 409 (`job_running`) says one is already under way. */
export function startJob(name: JobName, options: StartJobRequest = {}): Promise<JobRun> {
  return api<JobRun>(`/api/admin/jobs/${encodeURIComponent(name)}/runs`, { method: 'POST', body: options });
}

/** 0 until the run knows its total; 100 once it has ended (spec part 3 §4, batch pages). */
export function progressPercent(run: JobRun | null): number {
  if (!run) return 0;
  if (run.state !== 'running') return 100;
  return run.total > 0 ? Math.min(100, Math.round((run.processed / run.total) * 100)) : 0;
}

/** One line about a run: name, state, processed/total, outcomes, when (in the reader's language). */
export function useRunStatusLine(): (run: JobRun) => string {
  const { t } = useTranslation('admin');
  const { count, dateTime } = useAdminFormat();
  return (run) => {
    const parts = [
      t('jobs.line.name', { name: run.name, dryRun: run.dryRun ? 'yes' : 'no', forced: run.options.force ? 'yes' : 'no' }),
      t(`jobs.state.${run.state}`),
      t('jobs.line.processed', { processed: count(run.processed), total: count(run.total) }),
      t('jobs.line.outcomes', { succeeded: count(run.succeeded), skipped: count(run.skipped), failed: count(run.failed) }),
      t('jobs.line.started', { when: dateTime(run.startedAt) }),
    ];
    if (run.finishedAt) parts.push(t('jobs.line.finished', { when: dateTime(run.finishedAt) }));
    if (run.error) parts.push(run.error);
    return parts.join(' · ');
  };
}
