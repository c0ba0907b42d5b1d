import type { Router } from 'express';

import { NotFoundError } from '../errors.js';
import { ruledRouter } from '../policies/routes.js';
import { type FileStorage, isValidKey } from './storage.js';

export const UPLOADS_CACHE_CONTROL = 'public, max-age=3600';

/** One `bytes=` range (the only kind video players send); null = not satisfiable, undefined = send everything. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined; // several ranges or another unit: answer with the whole file
  const [, from, to] = match;
  if (from === '' && to === '') return undefined;
  let start: number;
  let end: number;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return null;
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(from);
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  }
  if (start >= size || start > end) return null;
  return { start, end };
}

/**
 * GET /uploads/:key — stored files, public (keys are 128 random bits). The key is checked
 * against the store's strict pattern before anything touches the disk, so `..`, slashes and
 * encoded tricks are simply "not found".
 */
export function uploadsRoutes(storage: FileStorage): Router {
  const routes = ruledRouter();
  routes.get('/uploads/:key', 'public', { sends: 'file' }, async (req, res) => {
    const { key } = req.params;
    const file = isValidKey(key) ? await storage.open(key) : null;
    if (!file) throw new NotFoundError('File not found.', 'file_not_found');

    res.setHeader('Content-Type', file.contentType);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', UPLOADS_CACHE_CONTROL);
    res.setHeader('Content-Disposition', 'inline');
    res.setHeader('Accept-Ranges', 'bytes');
    res.setHeader('Last-Modified', file.lastModified.toUTCString());

    const range = parseRange(req.get('range'), file.size);
    if (range === null) {
      res.status(416).setHeader('Content-Range', `bytes */${file.size}`);
      res.end();
      return;
    }
    if (range) {
      res.status(206).setHeader('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`);
      res.setHeader('Content-Length', String(range.end - range.start + 1));
    } else {
      res.setHeader('Content-Length', String(file.size));
    }
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const stream = file.stream(range ?? undefined);
    stream.on('error', (error) => {
      req.log.error({ err: error, key }, 'reading an upload failed');
      res.destroy(error);
    });
    res.on('close', () => stream.destroy());
    stream.pipe(res);
  });
  // Anything else under /uploads (a nested path, a bare folder) is not found either, never the SPA.
  routes.use('/uploads', 'public', () => {
    throw new NotFoundError('File not found.', 'file_not_found');
  });
  return routes.router;
}
