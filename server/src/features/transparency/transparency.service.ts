import { MODERATION_ACTIONS, REPORT_REASONS } from '../../../../contract/moderation.js';
import type { TransparencyCount, TransparencyMonth, TransparencyReport } from '../../../../contract/transparency.js';
import type { Clock } from '../../clock.js';
import type { TransparencyRepository } from './transparency.repository.js';

/** How many months the public page shows. */
export const TRANSPARENCY_MONTHS = 12;

const monthKey = (date: Date) => date.toISOString().slice(0, 7);

/**
 * The public transparency report (issue 34): per month, how many reports came in and how many
 * moderation actions of each kind and reason were taken. Counts only: no member, no administrator,
 * no text of a report or a note.
 */
export class TransparencyService {
  constructor(private readonly deps: { transparency: TransparencyRepository; clock: Clock }) {}

  async report(): Promise<TransparencyReport> {
    const now = this.deps.clock.now();
    // The first day (UTC) of each of the last 12 months, this one first.
    const starts = Array.from({ length: TRANSPARENCY_MONTHS }, (_, i) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1)));
    const since = starts.at(-1)!;
    const [reports, actions] = await Promise.all([this.deps.transparency.reportsByMonth(since), this.deps.transparency.actionsByMonth(since)]);
    // In the lists' own order: the action, then its reason (none first).
    const rank = (count: TransparencyCount) => MODERATION_ACTIONS.indexOf(count.action) * 10 + (count.reason === null ? -1 : REPORT_REASONS.indexOf(count.reason));
    const order = (a: TransparencyCount, b: TransparencyCount) => rank(a) - rank(b);
    const months: TransparencyMonth[] = starts.map((start) => {
      const month = monthKey(start);
      return {
        month,
        reports: reports.find((r) => r.month === month)?.count ?? 0,
        actions: actions
          .filter((a) => a.month === month)
          .map(({ action, reason, count }) => ({ action, reason, count }))
          .sort(order),
      };
    });
    return { months };
  }
}
