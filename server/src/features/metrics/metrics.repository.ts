import type { Kysely } from 'kysely';

import type { DB } from '../../db/schema.js';

/** The counts /metrics reads from the database at each scrape (shared by every replica). */
export class MetricsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Job runs by job and state (running, completed, failed, cancelled…), all time. */
  async jobRuns(): Promise<{ name: string; state: string; n: number }[]> {
    return this.db
      .selectFrom('job_runs')
      .select((eb) => ['name', 'state', eb.fn.countAll<number>().as('n')])
      .groupBy(['name', 'state'])
      .execute();
  }

  /** Outgoing mail by state: `queued` is the queue depth an operator watches. */
  async outgoingMail(): Promise<{ state: string; n: number }[]> {
    return this.db
      .selectFrom('outgoing_mail')
      .select((eb) => ['state', eb.fn.countAll<number>().as('n')])
      .groupBy('state')
      .execute();
  }
}
