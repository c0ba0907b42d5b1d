import type { Router } from 'express';

import { ruledRouter } from '../../policies/routes.js';
import type { AccountExportService } from './account-export.service.js';

/** The signed-in member's data as one JSON file to download. */
export function accountExportRoutes(accountExport: AccountExportService): Router {
  const routes = ruledRouter();
  routes.get('/account/export', 'member', { sends: 'file' }, async (req, res) => {
    const { filename, document } = await accountExport.export(req.user!.id);
    // Personal data: never kept by a browser or proxy cache.
    res.setHeader('Cache-Control', 'no-store');
    // The name is made of [a-z0-9.-] only, so it is quoted as is (res.attachment quotes only when needed).
    res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
    res.type('application/json').send(JSON.stringify(document, null, 2));
  });
  return routes.router;
}
