import type { Kysely } from 'kysely';

import type { CheckInResult, Streak } from '../../../../contract/check-ins.js';
import type { Clock } from '../../clock.js';
import type { DB } from '../../db/schema.js';
import type { CheckInRow, CheckInsRepository } from './check-ins.repository.js';
import { transaction } from '../../db/transaction.js';

/** The streak shows five boxes. */
export const MAX_STREAK_BOXES = 5;

export type StreakStatus = Streak;
export type { CheckInResult };

const DAY_MS = 86_400_000;

/** The UTC calendar day of `date`, yyyy-MM-dd. */
export const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** Whole days from `from` to `to` (both yyyy-MM-dd). */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/**
 * The box rule (spec: process_daily_check_in). Each day with a check-in fills a box, at most
 * five; each whole day missed since the last check-in empties one. "Days elapsed since the last
 * check-in" is counted as days missed: checking in yesterday and again today misses none.
 *
 *   boxes left today      = max(0, boxes − (g − 1)), g = days since the last check-in
 *   shown before checking = boxes left, and 0 streak days when no box is left
 *   check-in, none left   → a new streak: 1 day, 1 box
 *   check-in, some left   → streak days + 1, boxes = min(5, boxes left + 1)
 */
export function boxesLeft(row: CheckInRow, today: string): number {
  const gap = daysBetween(row.last_check_in_date, today);
  return Math.max(0, row.streak_boxes - Math.max(0, gap - 1));
}

export function nextCheckIn(previous: CheckInRow | undefined, today: string): CheckInRow {
  const left = previous ? boxesLeft(previous, today) : 0;
  if (!previous || left === 0) return { date: today, streak_days: 1, streak_boxes: 1, last_check_in_date: today };
  return { date: today, streak_days: previous.streak_days + 1, streak_boxes: Math.min(MAX_STREAK_BOXES, left + 1), last_check_in_date: today };
}

/** The daily search check-in streak; "today" is the UTC day of the app's clock. */
export class CheckInsService {
  constructor(
    private readonly deps: { db: Kysely<DB>; checkIns: CheckInsRepository; clock: Clock },
  ) {}

  /** Today's row, else the latest row with its boxes decayed by the days missed. */
  async status(userId: string): Promise<StreakStatus> {
    const today = utcDay(this.deps.clock.now());
    const row = await this.deps.checkIns.latestUpTo(this.deps.db, userId, today);
    if (!row) return { streakDays: 0, streakBoxes: 0, lastCheckInDate: null, checkedInToday: false };
    if (row.date === today) return { streakDays: row.streak_days, streakBoxes: row.streak_boxes, lastCheckInDate: row.last_check_in_date, checkedInToday: true };
    const boxes = boxesLeft(row, today);
    return { streakDays: boxes === 0 ? 0 : row.streak_days, streakBoxes: boxes, lastCheckInDate: row.last_check_in_date, checkedInToday: false };
  }

  /** One transaction: read the latest row, insert today's once; a second check-in today answers success false. */
  async checkIn(userId: string): Promise<CheckInResult> {
    const today = utcDay(this.deps.clock.now());
    const { checkIns } = this.deps;
    return transaction(this.deps.db, async (trx) => {
      const latest = await checkIns.latestUpTo(trx, userId, today);
      if (latest?.date === today) return this.result(false, latest);
      const next = nextCheckIn(latest, today);
      if (await checkIns.insertOnce(trx, userId, next)) return this.result(true, next);
      // A concurrent check-in inserted today's row first (it is committed: the insert waited for it).
      const winner = await checkIns.latestUpTo(trx, userId, today);
      return this.result(false, winner ?? next);
    });
  }

  private result(success: boolean, row: CheckInRow): CheckInResult {
    return { success, streakDays: row.streak_days, streakBoxes: row.streak_boxes, lastCheckInDate: row.last_check_in_date };
  }
}
