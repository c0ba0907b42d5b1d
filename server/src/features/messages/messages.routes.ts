import type { Request, Router } from 'express';

import { MailboxMessage, MailboxPage, MarkedRead, UnreadCount } from '../../../../contract/messages.js';
import type { Config } from '../../config.js';
import { memberRateLimit } from '../../middleware/rate-limit.js';
import { uuidParam } from '../../middleware/validate.js';
import type { RateLimitService } from '../../rate-limit/rate-limit.service.js';
import { ruledRouter } from '../../policies/routes.js';
import { composeSchema, listQuerySchema, MESSAGE_MESSAGES } from './messages.schema.js';
import type { MessagesService } from './messages.service.js';

function messageId(req: Request): string {
  return uuidParam(req, 'id', { message: MESSAGE_MESSAGES.notFound, code: 'message_not_found' });
}

/** The signed-in member's mailbox; every route acts only on the member's own mail. */
export function messagesRoutes(deps: { messages: MessagesService; limiter: RateLimitService; config: Config }): Router {
  const { messages } = deps;
  const routes = ruledRouter();
  // A page of the member's own mailbox; the service keeps what `message.read` allows of it.
  routes.get('/messages', 'member', { query: listQuerySchema, response: MailboxPage }, async (req, res) => {
    res.json(await messages.list(req.user!.id, req.query));
  });
  routes.get('/messages/unread-count', 'member', { response: UnreadCount }, async (req, res) => {
    res.json(await messages.unreadCount(req.user!.id));
  });
  routes.post(
    '/messages',
    'member',
    { body: composeSchema, response: MailboxMessage },
    memberRateLimit(deps.limiter, 'message-user', deps.config.rateLimits.messageUser, (seconds) => MESSAGE_MESSAGES.tooMany(Math.ceil(seconds / 60))),
    async (req, res) => {
      res.status(201).json(await messages.send(req.user!.id, req.body));
    },
  );
  // `message.markRead` reads the member's mailbox address, which the session does not carry: the service asks it.
  routes.post('/messages/:id/read', 'member', { response: MarkedRead }, async (req, res) => {
    res.json(await messages.markRead(req.user!.id, messageId(req)));
  });
  return routes.router;
}
