#!/usr/bin/env node
// `npm start` builds only when the sources changed since the last build (or nothing was built
// yet), so a laptop restart is ready in seconds; `npm run build` always builds and then records
// what it built from (`--record`). What counts is every file under the source folders (content/
// among them: the PDFs and the web app's help page are made from it) and the build's
// configuration: its path, size and modification time, hashed into dist/.build-inputs.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { buildInputs, buildIsCurrent, stampFile } from './build-inputs.mjs';
import { writeBuildInfo } from './build-info.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const record = () => {
  mkdirSync(path.dirname(stampFile(root)), { recursive: true });
  writeFileSync(stampFile(root), `${buildInputs(root)}\n`);
};

if (process.argv.includes('--record')) {
  record();
} else if (buildIsCurrent(root)) {
  // Sources unchanged, but HEAD may have moved (a docs-only commit): the build is that commit's.
  writeBuildInfo(root);
  process.stdout.write('build is up to date\n');
} else {
  const run = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  process.exit(run.status ?? 1);
}
