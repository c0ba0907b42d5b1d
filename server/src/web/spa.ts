import { readFile } from 'node:fs/promises';
import path from 'node:path';

import express, { type RequestHandler, type Router } from 'express';

import { requestLanguage } from '../i18n/request-language.js';
import { ruledRouter } from '../policies/routes.js';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * Serves the built SPA from `webDir`: hashed assets with a long cache, and index.html (with the
 * product name written in) for every other GET, so client-side routes survive a reload.
 */
export function spaRoutes(webDir: string, productName: string): Router {
  const routes = ruledRouter();
  let indexHtml: Promise<string> | undefined;

  const loadIndex = () => {
    indexHtml ??= readFile(path.join(webDir, 'index.html'), 'utf8').then((html) =>
      html
        .replace(/(<meta name="product-name" content=")[^"]*(")/, `$1${escapeHtml(productName)}$2`)
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(productName)}</title>`),
    );
    // A missing build is reported, then looked for again on the next request.
    indexHtml.catch(() => (indexHtml = undefined));
    return indexHtml;
  };

  routes.use(
    '/assets',
    'public',
    express.static(path.join(webDir, 'assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: false }),
  );
  routes.use('/', 'public', express.static(webDir, { index: false, maxAge: '1h' }));

  const sendIndex: RequestHandler = async (req, res) => {
    let html: string;
    try {
      html = await loadIndex();
    } catch {
      res.status(503).type('text/plain').send('The web app has not been built. Run `npm run build`.');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    // The reader's language from the first byte (screen readers, the browser's fonts); the app
    // keeps it in step once it runs. The page differs by cookie and browser language.
    res.setHeader('Vary', 'Cookie, Accept-Language');
    res.type('html').send(html.replace(/<html lang="[^"]*">/, `<html lang="${requestLanguage(req)}">`));
  };
  routes.get(/.*/, 'public', { sends: 'file' }, sendIndex);

  return routes.router;
}
