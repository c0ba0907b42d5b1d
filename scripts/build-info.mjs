#!/usr/bin/env node
// Writes dist/BUILD_INFO.json: the commit this build was made from, for server/src/version.ts.
// A build outside git (the image's build stage: .dockerignore leaves .git out) records 'unknown';
// there the image's KINDRED_COMMIT says it instead. Run by `npm run build`, and by `npm start`
// when the build is current (a new commit that changed no source rebuilds nothing).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export function writeBuildInfo(root) {
  let commit = 'unknown';
  if (existsSync(path.join(root, '.git'))) {
    try {
      commit = execFileSync('git', ['rev-parse', '--short=7', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || 'unknown';
    } catch {
      // git missing or no commit yet: 'unknown'
    }
  }
  mkdirSync(path.join(root, 'dist'), { recursive: true });
  writeFileSync(path.join(root, 'dist', 'BUILD_INFO.json'), `${JSON.stringify({ commit, builtAt: new Date().toISOString() })}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeBuildInfo(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));
}
