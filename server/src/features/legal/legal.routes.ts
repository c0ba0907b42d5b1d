import type { Router } from 'express';

import { ruledRouter } from '../../policies/routes.js';
import type { LegalService } from './legal.service.js';

/** The public facts and texts behind /contact, /help, /terms-of-service and /privacy-policy, and the PDFs. */
export function legalRoutes(legal: LegalService, productName: string): Router {
  const routes = ruledRouter();
  routes.get('/api/site', 'public', (_req, res) => {
    res.json(legal.site());
  });
  routes.get('/api/legal/:id', 'public', (req, res) => {
    res.json(legal.document(req.params.id));
  });
  routes.get('/legal/:file', 'public', async (req, res, next) => {
    const id = /^([a-z-]+)\.pdf$/.exec(req.params.file)?.[1];
    if (!id) return next();
    const pdf = await legal.pdf(id);
    const name = `${productName.replace(/[^A-Za-z0-9]+/g, '-')}-${id}.pdf`;
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.send(pdf);
  });
  return routes.router;
}
