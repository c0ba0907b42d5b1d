import { Router } from 'express';
import { z } from 'zod';

import type { AuthService } from '../auth/auth.service.js';
import { requireAdmin } from '../auth/require-admin.js';
import { parseInput } from '../middleware/validate.js';
import type { OutgoingMailRepository } from './outgoing-mail.repository.js';

const query = z.object({
  state: z.enum(['queued', 'sending', 'sent', 'failed']).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** The admin's view of outgoing mail: counts by state and the newest messages (failed ones with why). */
export function mailRoutes(deps: { repository: OutgoingMailRepository; auth: AuthService }): Router {
  const router = Router();
  router.get('/admin/mail', requireAdmin(), async (req, res) => {
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
  return router;
}
