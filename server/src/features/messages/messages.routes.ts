import { Router } from 'express';

import { requireAuth } from '../../auth/session.js';
import type { MessagesService } from './messages.service.js';

export function messagesRoutes(messages: MessagesService): Router {
  const router = Router();
  router.get('/messages/inbox', requireAuth, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await messages.inbox(req.user!.id));
  });
  return router;
}
