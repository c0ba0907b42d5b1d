import type { WeeklyIntroductionsService } from '../features/weekly-introductions/weekly-introductions.service.js';
import type { JobDefinition } from './job.js';

export const WEEKLY_INTRODUCTIONS_JOB = 'weekly-introductions';

/**
 * The weekly round of introductions (features/weekly-introductions): one item, the current week.
 * Its result is the round's report (members in, pairs made, skipped reasons); a second run in the
 * same week finds the round and is skipped.
 */
export function weeklyIntroductionsJob(weekly: WeeklyIntroductionsService): JobDefinition<{ week: string }> {
  return {
    name: WEEKLY_INTRODUCTIONS_JOB,
    description: 'propose each opted-in member up to three people for this week, reciprocal matches only, and mail them',
    plan: async () => [{ week: weekly.currentWeek() }],
    key: (item) => item.week,
    run: async (item, { dryRun }) => {
      const result = await weekly.runRound(item.week, { dryRun });
      return { status: result.alreadyRan ? 'skipped' : 'succeeded', result: { ...result } };
    },
  };
}
