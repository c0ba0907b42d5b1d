import type { Request, Response, Router } from 'express';

import { ChatReply, ChatRequest } from '../../../../contract/chat.js';
import type { Config } from '../../config.js';
import { requestLanguage } from '../../i18n/request-language.js';
import { memberRateLimit } from '../../middleware/rate-limit.js';
import type { RateLimitService } from '../../rate-limit/rate-limit.service.js';
import { ruledRouter } from '../../policies/routes.js';
import type { ChatService } from './chat.service.js';

/** Aborts when the client goes away, so a model call for nobody stops early. */
function clientGone(req: Request, res: Response): AbortSignal {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  req.on('aborted', () => controller.abort());
  return controller.signal;
}

export function chatRoutes(deps: { chat: ChatService; limiter: RateLimitService; config: Config }): Router {
  const routes = ruledRouter();
  routes.post(
    '/chat',
    'member',
    { body: ChatRequest, response: ChatReply },
    memberRateLimit(deps.limiter, 'chat-user', deps.config.rateLimits.chatUser),
    async (req, res) => {
      res.json(await deps.chat.send(req.user!.id, req.body, clientGone(req, res), requestLanguage(req)));
    },
  );
  return routes.router;
}
