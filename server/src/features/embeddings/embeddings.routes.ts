import type { Router } from 'express';

import { AiStatus } from '../../../../contract/ai-status.js';
import { ruledRouter } from '../../policies/routes.js';
import type { EmbeddingModels } from './embedding-models.js';

/** The admin's AI System tab: the provider and models in use, coverage by model, a pending switch. */
export function embeddingsRoutes(deps: { models: EmbeddingModels }): Router {
  const routes = ruledRouter();
  routes.get('/admin/ai', 'admin', { response: AiStatus }, async (_req, res) => {
    const { target } = deps.models;
    const state = await deps.models.settle();
    res.json({
      provider: target.name,
      models: target.models,
      search: { model: state.searchModel, targetModel: state.targetModel, switchPending: state.switchPending, switchedAt: state.switchedAt },
      coverage: state.coverage,
      embeddableProfiles: state.indexedProfiles,
    });
  });
  return routes.router;
}
