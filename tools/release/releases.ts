import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { compareVersions } from './semver.js';

/**
 * migrations/releases.json: each release's last migration, i.e. the schema that release runs on.
 * `npm run release` records the new version; the upgrade test starts from the previous entry.
 */
export const releasesFile = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'migrations', 'releases.json');

export interface RecordedRelease {
  version: string;
  migration: string;
}

/** The recorded releases, oldest first (by version, whatever the file's order). */
export function recordedReleases(file = releasesFile): RecordedRelease[] {
  const entries = Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>);
  return entries.map(([version, migration]) => ({ version, migration })).sort((a, b) => compareVersions(a.version, b.version));
}
