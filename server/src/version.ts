import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { projectRoot } from './paths.js';

/** Which Kindred this is: the release (package.json) and the commit it was built from. */
export interface Release {
  version: string;
  commit: string;
}

export const UNKNOWN_COMMIT = 'unknown';
/** Written by `npm run build` (scripts/build-info.mjs): the commit the build was made from. */
export const BUILD_INFO_FILE = path.join('dist', 'BUILD_INFO.json');

/**
 * A full or short hex id is shown as its first 7 characters, whichever source gave it, so the
 * CLI, /readyz, the dashboard and the log line agree (CI passes the 40-character github.sha).
 */
function tidy(commit: string | undefined): string | undefined {
  const value = commit?.trim();
  if (!value || value === UNKNOWN_COMMIT) return undefined;
  return /^[0-9a-f]{7,40}$/i.test(value) ? value.slice(0, 7).toLowerCase() : value;
}

function fromBuildInfo(root: string): string | undefined {
  try {
    return tidy((JSON.parse(readFileSync(path.join(root, BUILD_INFO_FILE), 'utf8')) as { commit?: string }).commit);
  } catch {
    return undefined; // not built yet (tsx, jest), or a damaged file: the next source answers
  }
}

function fromGit(root: string): string | undefined {
  // Only this checkout's own .git (a file in a worktree): never an enclosing repository's.
  if (!existsSync(path.join(root, '.git'))) return undefined;
  try {
    return tidy(execFileSync('git', ['rev-parse', '--short=7', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 5000 }));
  } catch {
    return undefined; // git missing or the tree has no commit yet
  }
}

/**
 * The commit, from the first source that knows it: KINDRED_COMMIT (the image build sets it, as
 * the image has no .git), then the build's BUILD_INFO.json, then git in a checkout run from source.
 */
export function readRelease(root = projectRoot, env: NodeJS.ProcessEnv = process.env): Release {
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  const commit = tidy(env.KINDRED_COMMIT) ?? fromBuildInfo(root) ?? fromGit(root) ?? UNKNOWN_COMMIT;
  return { version, commit };
}

let cached: Release | undefined;

/** This process's release, read once: the version and commit cannot change while it runs. */
export function release(): Release {
  cached ??= readRelease();
  return cached;
}

/** `kindred 1.0.0 (abc1234)`: the CLI's --version and the server's start line. */
export function describeRelease({ version, commit }: Release = release()): string {
  return `kindred ${version} (${commit})`;
}
