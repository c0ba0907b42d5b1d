import { readFileSync } from 'node:fs';
import path from 'node:path';

import { projectRoot } from '../server/src/paths.js';
import { isVersion } from '../tools/release/semver.js';
import { migrations } from './index.js';
import { recordedReleases } from '../tools/release/releases.js';

// A release records its last migration (migrations/releases.json), so the next release's upgrade
// test can start from its schema. The current version must be recorded, at the newest migration:
// a release that forgot to record itself, or a migration added after the record, fails here.
const names = Object.keys(migrations).sort();
const { version } = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string };

it('records only versions and migrations that exist', () => {
  for (const release of recordedReleases()) {
    expect(isVersion(release.version)).toBe(true);
    expect(names).toContain(release.migration);
  }
});

it('never records an older schema for a newer release', () => {
  const recorded = recordedReleases().map((release) => release.migration);
  expect(recorded).toEqual([...recorded].sort());
});

it('records the current version (package.json) at the newest migration', () => {
  const current = recordedReleases().find((release) => release.version === version);
  expect(current).toEqual({ version, migration: names.at(-1) });
  expect(recordedReleases().at(-1)?.version).toBe(version);
});

it('has a previous release for the upgrade test to start from', () => {
  expect(recordedReleases().length).toBeGreaterThanOrEqual(2);
});
