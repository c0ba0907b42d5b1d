import { type Request, Router } from 'express';

import { requireAuth } from '../../auth/session.js';
import type { Config } from '../../config.js';
import { memberRateLimit } from '../../middleware/rate-limit.js';
import { parseInput, uuidParam, validateBody } from '../../middleware/validate.js';
import type { RateLimitService } from '../../rate-limit/rate-limit.service.js';
import { composeSchema, listQuerySchema, MESSAGE_MESSAGES } from './messages.schema.js';
import type { MessagesService } from './messages.service.js';

function messageId(req: Request): string {
  return uuidParam(req, 'id', { message: MESSAGE_MESSAGES.notFound, code: 'message_not_found' });
}

/** The signed-in member's mailbox; every route acts only on the member's own mail. */
export function messagesRoutes(deps: { messages: MessagesService; limiter: RateLimitService; config: Config }): Router {
  const { messages } = deps;
  const router = Router();
  router.get('/messages', requireAuth, async (req, res) => {
    res.json(await messages.list(req.user!.id, parseInput(listQuerySchema, req.query)));
  });
  router.get('/messages/unread-count', requireAuth, async (req, res) => {
    res.json(await messages.unreadCount(req.user!.id));
  });
  router.post(
    '/messages',
    requireAuth,
    validateBody(composeSchema),
    memberRateLimit(deps.limiter, 'message-user', deps.config.rateLimits.messageUser, (seconds) => MESSAGE_MESSAGES.tooMany(Math.ceil(seconds / 60))),
    async (req, res) => {
      res.status(201).json(await messages.send(req.user!.id, req.body));
    },
  );
  router.post('/messages/:id/read', requireAuth, async (req, res) => {
    res.json(await messages.markRead(req.user!.id, messageId(req)));
  });
  return router;
}
