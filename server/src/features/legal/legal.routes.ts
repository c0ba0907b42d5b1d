import type { Request, Router } from 'express';

import { LegalDocument, SiteInfo } from '../../../../contract/site.js';
import { isLanguage, type Language } from '../../i18n/languages.js';
import { requestLanguage } from '../../i18n/request-language.js';
import { ruledRouter } from '../../policies/routes.js';
import type { LegalService } from './legal.service.js';

/** A legal PDF's file name: the document's id, then optionally its language (privacy-policy.zh-Hans.pdf). */
const PDF_NAME = /^([a-z-]+?)(?:\.(en|fr|zh-Hans))?\.pdf$/;

/**
 * The language a legal text is asked for in: `?lang=` (en, fr, zh-Hans) when it names one Kindred
 * speaks, else the request's (requestLanguage: the member's, the kindred_lang cookie, the browser's).
 */
function askedLanguage(req: Request): { language: Language; explicit: boolean } {
  const asked = req.query.lang;
  if (isLanguage(asked)) return { language: asked, explicit: true };
  return { language: requestLanguage(req), explicit: false };
}

/** The public facts and texts behind /contact, /help, /terms-of-service and /privacy-policy, and the PDFs. */
export function legalRoutes(legal: LegalService, productName: string): Router {
  const routes = ruledRouter();
  routes.get('/api/site', 'public', { response: SiteInfo }, (_req, res) => {
    res.json(legal.site());
  });
  routes.get('/api/legal/:id', 'public', { response: LegalDocument }, (req, res) => {
    const { language, explicit } = askedLanguage(req);
    const document = legal.document(req.params.id, language);
    if (!explicit) res.vary('Cookie').vary('Accept-Language');
    res.setHeader('Content-Language', document.language);
    res.json(document);
  });
  // /legal/privacy-policy.pdf (in ?lang= or the request's language) or /legal/privacy-policy.fr.pdf.
  routes.get('/legal/:file', 'public', { sends: 'file' }, async (req, res, next) => {
    const match = PDF_NAME.exec(req.params.file);
    const id = match?.[1];
    if (!id) return next();
    const named = match[2];
    const { language, explicit } = isLanguage(named) ? { language: named, explicit: true } : askedLanguage(req);
    const pdf = await legal.pdf(id, language);
    const document = legal.document(id, language);
    const suffix = document.language === 'en' ? '' : `.${document.language}`;
    const name = `${productName.replace(/[^A-Za-z0-9]+/g, '-')}-${id}${suffix}.pdf`;
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
    res.setHeader('Content-Language', document.language);
    res.setHeader('Cache-Control', 'public, max-age=3600');
    if (!explicit) res.vary('Cookie').vary('Accept-Language');
    res.send(pdf);
  });
  return routes.router;
}
