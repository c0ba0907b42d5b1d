import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project root: the nearest folder above this file with a package.json. The same code runs
 * from server/src (tsx, jest) and from dist/server/src (the build), at different depths.
 */
function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the project root (no package.json above the server code)');
    dir = parent;
  }
  return dir;
}

export const projectRoot = findProjectRoot();
/** Data and prose kept as files (JSON, Markdown), read by the loaders next to the code that uses them. */
export const contentDir = path.join(projectRoot, 'content');
export const webDistDir = path.join(projectRoot, 'web', 'dist');
/** The legal PDFs typeset at build time (npm run build). */
export const legalPdfDir = path.join(projectRoot, 'dist', 'legal');
