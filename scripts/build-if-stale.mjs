#!/usr/bin/env node
// `npm start` builds only when the sources changed since the last build (or nothing was built
// yet), so a laptop restart is ready in seconds; `npm run build` always builds and then records
// what it built from (`--record`). What counts is every file under the source folders (content/
// among them: the PDFs and the web app's help page are made from it) and the build's
// configuration: its path, size and modification time, hashed into dist/.build-inputs.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { writeBuildInfo } from './build-info.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE_DIRS = ['web', 'server/src', 'cli', 'migrations', 'content'];
const SOURCE_FILES = ['package.json', 'package-lock.json', 'vite.config.ts', 'tsconfig.json', 'tsconfig.build.json', 'postcss.config.cjs'];
const SKIP = new Set(['node_modules', 'dist']);
const OUTPUTS = ['dist/server/src/main.js', 'web/dist/index.html', 'dist/legal/terms-of-service.pdf', 'dist/legal/privacy-policy.pdf'];
const stampFile = path.join(root, 'dist', '.build-inputs');

function* files(dir) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

function buildInputs() {
  const hash = createHash('sha256');
  const all = [...SOURCE_DIRS.flatMap((dir) => [...files(path.join(root, dir))]), ...SOURCE_FILES.map((file) => path.join(root, file)).filter(existsSync)].sort();
  for (const file of all) {
    const stat = statSync(file);
    hash.update(`${path.relative(root, file)}\0${String(stat.size)}\0${String(stat.mtimeMs)}\n`);
  }
  return hash.digest('hex');
}

const record = () => {
  mkdirSync(path.dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, `${buildInputs()}\n`);
};

if (process.argv.includes('--record')) {
  record();
} else {
  const built = OUTPUTS.every((file) => existsSync(path.join(root, file)));
  const stamp = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';
  if (built && stamp === buildInputs()) {
    // Sources unchanged, but HEAD may have moved (a docs-only commit): the build is that commit's.
    writeBuildInfo(root);
    process.stdout.write('build is up to date\n');
  } else {
    const run = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
    process.exit(run.status ?? 1);
  }
}
