import type { MailStatus } from '../../../../contract/admin-mail.js';
import type { OutgoingMailState } from '../../db/schema.js';
import type { OutgoingMailRepository } from '../../mail/outgoing-mail.repository.js';


/** The admin's view of outgoing mail: counts by state and the newest messages (failed ones with why). */
export class AdminMailService {
  constructor(private readonly repository: OutgoingMailRepository) {}

  async overview(state: OutgoingMailState | undefined, limit: number): Promise<MailStatus> {
    const [counts, rows] = await Promise.all([this.repository.counts(), this.repository.list(state, limit)]);
    return {
      counts,
      messages: rows.map((row) => ({
        id: row.id,
        to: row.to_address,
        subject: row.subject,
        state: row.state,
        attempts: row.attempts,
        lastError: row.last_error,
        nextAttemptAt: row.next_attempt_at.toISOString(),
        createdAt: row.created_at.toISOString(),
        sentAt: row.sent_at?.toISOString() ?? null,
      })),
    };
  }
}
