import type { Router } from 'express';

import { AnalysisRequest, AnalysisResponse } from '../../../../contract/search.js';
import { requestLanguage } from '../../i18n/request-language.js';
import { readsOnly } from '../../middleware/read-your-writes.js';
import { ruledRouter } from '../../policies/routes.js';
import type { SearchAnalysisService } from './search-analysis.service.js';

export function searchAnalysisRoutes(deps: { searchAnalysis: SearchAnalysisService }): Router {
  const routes = ruledRouter();

  // Polled every 3 s while pending or generating; reading a cached analysis does not count against the limit.
  // Its one write (the pending row) is read back on the primary, and a search shows a missing row
  // as pending too: polling it does not keep the member's reads on the primary.
  routes.post('/search/analysis', 'member', { body: AnalysisRequest, response: AnalysisResponse }, readsOnly, async (req, res) => {
    res.json(await deps.searchAnalysis.analysis(req.user!.id, req.body, requestLanguage(req)));
  });

  return routes.router;
}
