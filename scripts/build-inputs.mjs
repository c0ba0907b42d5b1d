// What a build is made from, and whether dist/ is the build of the sources as they are now:
// every file under the source folders (content/ among them: the PDFs and the web app's help page
// are made from it) and the build's configuration, by path, size and modification time, hashed
// into dist/.build-inputs by `npm run build`. Used by `npm start` (scripts/build-if-stale.mjs) and
// by the tests, which run the build's entry points when it is current (server/test/processes.ts).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCE_DIRS = ['web', 'server/src', 'cli', 'migrations', 'content'];
const SOURCE_FILES = ['package.json', 'package-lock.json', 'vite.config.ts', 'tsconfig.json', 'tsconfig.build.json', 'postcss.config.cjs'];
const SKIP = new Set(['node_modules', 'dist']);
export const OUTPUTS = ['dist/server/src/main.js', 'web/dist/index.html', 'dist/legal/terms-of-service.pdf', 'dist/legal/privacy-policy.pdf'];

export function stampFile(root) {
  return path.join(root, 'dist', '.build-inputs');
}

function* files(dir) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

export function buildInputs(root) {
  const hash = createHash('sha256');
  const all = [...SOURCE_DIRS.flatMap((dir) => [...files(path.join(root, dir))]), ...SOURCE_FILES.map((file) => path.join(root, file)).filter(existsSync)].sort();
  for (const file of all) {
    const stat = statSync(file);
    hash.update(`${path.relative(root, file)}\0${String(stat.size)}\0${String(stat.mtimeMs)}\n`);
  }
  return hash.digest('hex');
}

/** Whether dist/ holds every output, built from the sources exactly as they are now. */
export function buildIsCurrent(root) {
  const built = OUTPUTS.every((file) => existsSync(path.join(root, file)));
  const stamp = existsSync(stampFile(root)) ? readFileSync(stampFile(root), 'utf8').trim() : '';
  return built && stamp === buildInputs(root);
}
