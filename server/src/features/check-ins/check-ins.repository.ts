import type { Kysely, Transaction } from 'kysely';

import type { DB } from '../../db/schema.js';
import type { Executor } from '../../db/transaction.js';

export interface CheckInRow {
  /** yyyy-MM-dd */
  date: string;
  streak_days: number;
  streak_boxes: number;
  /** yyyy-MM-dd */
  last_check_in_date: string;
}

export class CheckInsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The member's row for `date` if there is one, else the latest before it. */
  latestUpTo(db: Executor, userId: string, date: string): Promise<CheckInRow | undefined> {
    return db
      .selectFrom('search_check_ins')
      .select(['date', 'streak_days', 'streak_boxes', 'last_check_in_date'])
      .where('user_id', '=', userId)
      .where('date', '<=', date)
      .orderBy('date', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /**
   * Inserts the day's row unless it exists; true when this call inserted it. The primary key
   * (user_id, date) decides between concurrent check-ins: exactly one of them inserts.
   */
  async insertOnce(trx: Transaction<DB>, userId: string, row: CheckInRow): Promise<boolean> {
    const inserted = await trx
      .insertInto('search_check_ins')
      .values({ user_id: userId, ...row })
      .onConflict((oc) => oc.columns(['user_id', 'date']).doNothing())
      .returning('date')
      .executeTakeFirst();
    return inserted !== undefined;
  }
}
