import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { spawnTs } from '../../server/test/processes.js';
import { CHECKS, prepareRelease, ReleaseRefused } from './release.js';

// `npm run release -- X.Y.Z` on a tiny throwaway repository shaped like Kindred's: it bumps the
// version, dates the changelog, records the newest migration, adds upgrade notes, runs the checks,
// and refuses what is not a newer version or a clean tree. It never commits or tags.
let root: string;

const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};
const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: root, encoding: 'utf8' });

const CHANGELOG = `# Changelog

Intro.

## [Unreleased]

### Added

- Touchpoints for clubs.

## [1.0.0] - 2026-11-26

- The first release.
`;
const UPGRADING = `# Upgrading Kindred

## How to upgrade

Steps.

## 1.0.0

The first release.
`;

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'kindred-release-'));
  write('package.json', `${JSON.stringify({ name: 'kindred', version: '1.0.0', private: true }, null, 2)}\n`);
  write('package-lock.json', `${JSON.stringify({ name: 'kindred', version: '1.0.0', lockfileVersion: 3, packages: { '': { name: 'kindred', version: '1.0.0' }, 'node_modules/x': { version: '9.9.9' } } }, null, 2)}\n`);
  write('CHANGELOG.md', CHANGELOG);
  write('docs/upgrading.md', UPGRADING);
  write('migrations/20261203000000_feed_indexes.ts', '');
  write('migrations/20261210000000_club_touchpoints.ts', '');
  write('migrations/migrations.test.ts', '');
  write('migrations/releases.json', `${JSON.stringify({ '1.0.0': '20261203000000_feed_indexes' }, null, 2)}\n`);
  git('init', '-q');
  git('add', '.');
  git('commit', '-q', '-m', 'start');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const release = (version: string, extra: Partial<Parameters<typeof prepareRelease>[0]> = {}) =>
  prepareRelease({ root, version, date: '2026-12-15', skipChecks: true, log: () => {}, ...extra });

it('bumps both version fields of package.json and package-lock.json and nothing else', () => {
  release('1.1.0');
  expect(JSON.parse(read('package.json'))).toEqual({ name: 'kindred', version: '1.1.0', private: true });
  const lock = JSON.parse(read('package-lock.json')) as { version: string; packages: Record<string, { version: string }> };
  expect([lock.version, lock.packages['']!.version, lock.packages['node_modules/x']!.version]).toEqual(['1.1.0', '1.1.0', '9.9.9']);
  expect(git('diff', '--stat', '--', 'package-lock.json')).toMatch(/2 insertions\(\+\), 2 deletions\(-\)/);
});

it('moves the Unreleased changes under the new version, dated, and leaves Unreleased empty', () => {
  release('1.1.0');
  expect(read('CHANGELOG.md')).toBe(`# Changelog

Intro.

## [Unreleased]

## [1.1.0] - 2026-12-15

### Added

- Touchpoints for clubs.

## [1.0.0] - 2026-11-26

- The first release.
`);
});

it('records the newest migration for the new version', () => {
  release('1.1.0');
  expect(JSON.parse(read('migrations/releases.json'))).toEqual({ '1.0.0': '20261203000000_feed_indexes', '1.1.0': '20261210000000_club_touchpoints' });
});

it('adds upgrade notes for the new version above the older ones, naming its migrations, and returns them', () => {
  const prepared = release('1.1.0');
  const upgrading = read('docs/upgrading.md');
  expect(upgrading.indexOf('## 1.1.0')).toBeGreaterThan(upgrading.indexOf('## How to upgrade'));
  expect(upgrading.indexOf('## 1.1.0')).toBeLessThan(upgrading.indexOf('## 1.0.0'));
  expect(prepared.stubbedNotes).toBe(true);
  expect(prepared.notes).toContain('`20261210000000_club_touchpoints`');
  expect(prepared.notes).not.toContain('feed_indexes');
  expect(prepared.tagCommand).toBe('git commit -am "Release 1.1.0" && git tag -a v1.1.0 -m "Kindred 1.1.0"');
});

it('keeps upgrade notes already written for the version', () => {
  write('docs/upgrading.md', UPGRADING.replace('## 1.0.0', '## 1.1.0\n\nSet CLUB_MODE before starting.\n\n## 1.0.0'));
  git('commit', '-qam', 'notes');
  const prepared = release('1.1.0');
  expect(prepared).toMatchObject({ stubbedNotes: false, notes: 'Set CLUB_MODE before starting.' });
  expect(read('docs/upgrading.md').match(/## 1\.1\.0/g)).toHaveLength(1);
});

it('never commits or tags', () => {
  const head = git('rev-parse', 'HEAD');
  release('1.1.0');
  expect(git('rev-parse', 'HEAD')).toBe(head);
  expect(git('tag')).toBe('');
  expect(git('status', '--porcelain')).not.toBe('');
});

it.each([
  ['not a version', 'v1.1.0', /not a version/],
  ['not a version', '1.1', /not a version/],
  ['a pre-release', '1.1.0-rc.1', /not a version/],
  ['the same version', '1.0.0', /not newer than the current version, 1\.0\.0/],
  ['an older version', '0.9.9', /not newer/],
])('refuses %s (%s) and changes nothing', (_what, version, message) => {
  expect(() => release(version)).toThrow(message);
  expect(git('status', '--porcelain')).toBe('');
});

it('refuses a dirty tree, an untracked file included, and changes nothing', () => {
  write('notes.txt', 'draft');
  expect(() => release('1.1.0')).toThrow(/uncommitted changes/);
  expect(read('package.json')).toContain('"version": "1.0.0"');
});

it('refuses a release whose Unreleased section is empty', () => {
  write('CHANGELOG.md', CHANGELOG.replace('### Added\n\n- Touchpoints for clubs.\n\n', ''));
  git('commit', '-qam', 'empty');
  expect(() => release('1.1.0')).toThrow(ReleaseRefused);
  expect(() => release('1.1.0')).toThrow(/Unreleased section is empty/);
  expect(git('status', '--porcelain')).toBe('');
});

it('runs lint, typecheck, build and test in that order unless told to skip them, and stops at a failure', () => {
  const ran: string[] = [];
  release('1.1.0', { skipChecks: false, run: (command) => (ran.push(command.join(' ')), true) });
  expect(ran).toEqual(CHECKS.map((command) => command.join(' ')));
  expect(ran).toEqual(['npm run lint', 'npm run typecheck', 'npm run build', 'npm test']);

  git('checkout', '--', '.');
  const tried: string[] = [];
  expect(() => release('1.1.0', { skipChecks: false, run: (command) => (tried.push(command.join(' ')), command[2] !== 'typecheck') })).toThrow(/npm run typecheck failed/);
  expect(tried).toEqual(['npm run lint', 'npm run typecheck']);
});

it('as npm run release: prints the tag command and the notes, exits 1 on a refusal', async () => {
  const ok = spawnTs('tools/release/release.ts', ['1.1.0', '--skip-checks', '--root', root], {});
  expect(await ok.exited).toBe(0);
  expect(ok.output()).toContain('git commit -am "Release 1.1.0" && git tag -a v1.1.0 -m "Kindred 1.1.0"');
  expect(ok.output()).toContain('Upgrade notes for 1.1.0');
  expect(ok.output()).toContain('20261210000000_club_touchpoints');

  const refused = spawnTs('tools/release/release.ts', ['1.2.0', '--skip-checks', '--root', root], {});
  expect(await refused.exited).toBe(1);
  expect(refused.output()).toMatch(/^release: the git tree has uncommitted changes/);
});
