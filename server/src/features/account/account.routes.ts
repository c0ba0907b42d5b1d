import type { Router } from 'express';

import { DeletedProfilesResponse, DeletionReceipt, LanguageResponse } from '../../../../contract/account.js';
import { clearSessionCookie } from '../../auth/session.js';
import type { Config } from '../../config.js';
import { ruledRouter } from '../../policies/routes.js';
import { deleteAccountSchema, languageSchema } from './account.schema.js';
import type { AccountService } from './account.service.js';
import type { Middleware } from '../../middleware/middleware.js';

export function accountRoutes(deps: { account: AccountService; config: Config; stepUp: Middleware }): Router {
  const { account, config, stepUp } = deps;
  const routes = ruledRouter();

  // The member's own language, chosen in General or the footer's switcher.
  routes.put('/account/language', 'member', { body: languageSchema, response: LanguageResponse }, async (req, res) => {
    res.json(await account.setLanguage(req.user!.id, req.body.language));
  });

  // The typed phrase, then proof made just now (the password, or a fresh campus sign-in: auth/step-up.ts).
  routes.delete('/account', 'member', { body: deleteAccountSchema, response: DeletionReceipt }, stepUp, async (req, res) => {
    const receipt = await account.delete(req.user!.id);
    // Every stored session is gone with the deletion; this browser's cookie goes too.
    await new Promise<void>((resolve) => req.session.destroy(() => resolve()));
    clearSessionCookie(res, config);
    res.json(receipt);
  });

  // The Delete-function test page's list of deleted profiles (spec part 3 page 7): administrator only.
  routes.get('/admin/deleted-profiles', 'admin', { response: DeletedProfilesResponse }, async (_req, res) => {
    res.json(await account.deletedProfiles());
  });

  return routes.router;
}
