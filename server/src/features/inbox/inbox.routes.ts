import type { Router } from 'express';

import { InboxSetting } from '../../../../contract/inbox.js';
import { ruledRouter } from '../../policies/routes.js';
import type { InboxService } from './inbox.service.js';

/** Settings: "Who may start a conversation with me". */
export function inboxRoutes(deps: { inbox: InboxService }): Router {
  const { inbox } = deps;
  const routes = ruledRouter();
  routes.get('/account/inbox', 'member', { response: InboxSetting }, async (req, res) => {
    res.json(await inbox.setting(req.user!.id));
  });
  routes.put('/account/inbox', 'member', { body: InboxSetting, response: InboxSetting }, async (req, res) => {
    res.json(await inbox.setSetting(req.user!.id, req.body.startConversations));
  });
  return routes.router;
}
