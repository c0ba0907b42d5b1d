import type { Router } from 'express';
import { z } from 'zod';

import { parseInput } from '../middleware/validate.js';
import { ruledRouter } from '../policies/routes.js';
import type { OutgoingMailRepository } from './outgoing-mail.repository.js';

const query = z.object({
  state: z.enum(['queued', 'sending', 'sent', 'failed']).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** The admin's view of outgoing mail: counts by state and the newest messages (failed ones with why). */
export function mailRoutes(deps: { repository: OutgoingMailRepository }): Router {
  const routes = ruledRouter();
  routes.get('/admin/mail', 'admin', async (req, res) => {
    const { state, limit } = parseInput(query, req.query);
    const [counts, rows] = await Promise.all([deps.repository.counts(), deps.repository.list(state, limit)]);
    res.json({
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
    });
  });
  return routes.router;
}
