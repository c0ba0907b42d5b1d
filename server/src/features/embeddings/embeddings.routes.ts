import { Router } from 'express';

import type { AuthService } from '../../auth/auth.service.js';
import { requireAdmin } from '../../auth/require-admin.js';
import type { EmbeddingModels } from './embedding-models.js';

/** The admin's AI System tab: the provider and models in use, coverage by model, a pending switch. */
export function embeddingsRoutes(deps: { models: EmbeddingModels; auth: AuthService }): Router {
  const router = Router();
  router.get('/admin/ai', requireAdmin(), async (_req, res) => {
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
  return router;
}
