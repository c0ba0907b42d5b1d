import { type Kysely, type Selectable, sql } from 'kysely';

import type { DB, OutgoingMailState, OutgoingMailTable } from '../db/schema.js';
import type { MailMessage } from './mailer.js';

export type OutgoingMailRow = Selectable<OutgoingMailTable>;

export class OutgoingMailRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async enqueue(message: MailMessage, now: Date): Promise<void> {
    await this.db
      .insertInto('outgoing_mail')
      .values({ to_address: message.to, subject: message.subject, text_body: message.text, html_body: message.html, next_attempt_at: now })
      .execute();
  }

  /**
   * Takes up to `limit` due messages for this worker: queued ones whose time has come, and ones a
   * crashed worker left 'sending' since before `staleBefore`. SKIP LOCKED lets every replica run
   * a worker without two of them taking the same message.
   */
  async claimDue(now: Date, staleBefore: Date, limit: number): Promise<OutgoingMailRow[]> {
    const { rows } = await sql<OutgoingMailRow>`
      UPDATE outgoing_mail SET state = 'sending', attempts = attempts + 1, locked_at = ${now}
      WHERE id IN (
        SELECT id FROM outgoing_mail
        WHERE (state = 'queued' AND next_attempt_at <= ${now}) OR (state = 'sending' AND locked_at < ${staleBefore})
        ORDER BY next_attempt_at
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING *`.execute(this.db);
    return rows;
  }

  /** Delivered: the body goes (a sign-up code has no business staying here). */
  async markSent(id: string, now: Date): Promise<void> {
    await this.db.updateTable('outgoing_mail').set({ state: 'sent', sent_at: now, locked_at: null, last_error: null, text_body: '', html_body: '' }).where('id', '=', id).execute();
  }

  async retryLater(id: string, error: string, at: Date): Promise<void> {
    await this.db.updateTable('outgoing_mail').set({ state: 'queued', next_attempt_at: at, locked_at: null, last_error: error }).where('id', '=', id).execute();
  }

  /** Given up on: kept (without its body) for the admin to see. */
  async markFailed(id: string, error: string): Promise<void> {
    await this.db.updateTable('outgoing_mail').set({ state: 'failed', locked_at: null, last_error: error, text_body: '', html_body: '' }).where('id', '=', id).execute();
  }

  list(state: OutgoingMailState | undefined, limit: number) {
    let query = this.db.selectFrom('outgoing_mail').select(['id', 'to_address', 'subject', 'state', 'attempts', 'last_error', 'next_attempt_at', 'created_at', 'sent_at']);
    if (state) query = query.where('state', '=', state);
    return query.orderBy('created_at', 'desc').limit(limit).execute();
  }

  async counts(): Promise<Record<OutgoingMailState, number>> {
    const rows = await this.db.selectFrom('outgoing_mail').select(['state', sql<number>`count(*)::int`.as('n')]).groupBy('state').execute();
    const counts = { queued: 0, sending: 0, sent: 0, failed: 0 };
    for (const row of rows) counts[row.state] = row.n;
    return counts;
  }
}
