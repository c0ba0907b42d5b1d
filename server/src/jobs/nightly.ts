import { ConflictError } from '../errors.js';
import type { JobRun, JobRunner } from './job-runner.js';

/**
 * The nightly maintenance `cli cron` runs, in order: accounts past their 90 days purged; stored
 * addresses and professions standardized (only what is not standard changes); AI backgrounds and
 * vectors for members lacking them (the smart run); then every vector that went stale, so search
 * reads current vectors of the current model by morning.
 */
export const NIGHTLY_JOBS = ['purge-deleted', 'standardize-profiles', 'enhance-profiles', 'regenerate-embeddings'] as const;

export type NightlyOutcome = { job: string; run: JobRun } | { job: string; skipped: string } | { job: string; error: string };

/** Runs the nightly jobs one after another; one failing or already running does not stop the rest. */
export async function runNightly(jobs: JobRunner, onOutcome: (outcome: NightlyOutcome) => void = () => {}): Promise<NightlyOutcome[]> {
  const outcomes: NightlyOutcome[] = [];
  for (const job of NIGHTLY_JOBS) {
    let outcome: NightlyOutcome;
    try {
      outcome = { job, run: await jobs.run(job) };
    } catch (error) {
      // Another cron or an admin is running it right now: theirs does the work.
      outcome = error instanceof ConflictError ? { job, skipped: error.message } : { job, error: error instanceof Error ? error.message : String(error) };
    }
    outcomes.push(outcome);
    onOutcome(outcome);
  }
  return outcomes;
}
