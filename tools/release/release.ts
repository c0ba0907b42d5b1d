// `npm run release -- 1.1.0 [--skip-checks]`: prepares a release in the working tree and prints how
// to commit and tag it. It never commits, tags or pushes: a person reads the diff and the notes
// first, and pushing the tag is what publishes the image (.github/workflows/release-image.yml).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { releaseChangelog } from './changelog.js';
import { ReleaseRefused } from './refused.js';
import { recordedReleases } from './releases.js';
import { compareVersions, isVersion } from './semver.js';
import { addNotesStub, hasNotes, notesOf } from './upgrade-notes.js';

export { ReleaseRefused };

/** What `npm run release` runs before it says the release is ready: the same as CI. */
export const CHECKS = [
  ['npm', 'run', 'lint'],
  ['npm', 'run', 'typecheck'],
  ['npm', 'run', 'build'],
  ['npm', 'test'],
] as const;

export interface ReleaseOptions {
  root: string;
  version: string;
  /** YYYY-MM-DD, the changelog's date (UTC today by default). */
  date?: string;
  skipChecks?: boolean;
  /** Runs one command in root; true when it succeeded. Tests replace it. */
  run?: (command: readonly string[]) => boolean;
  log?: (line: string) => void;
}

export interface PreparedRelease {
  version: string;
  migration: string;
  notes: string;
  stubbedNotes: boolean;
  tagCommand: string;
}

const runInherit = (root: string) => (command: readonly string[]) =>
  spawnSync(command[0]!, command.slice(1), { cwd: root, stdio: 'inherit' }).status === 0;

function git(root: string, args: string[]): string {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new ReleaseRefused(`${root} is not a git checkout (git ${args.join(' ')}: ${result.stderr.trim()})`);
  return result.stdout;
}

const readJson = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;
// npm's own layout: two spaces and a final newline, so the diff shows only the version lines.
const writeJson = (file: string, value: unknown) => writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);

function migrationNames(root: string): string[] {
  return readdirSync(path.join(root, 'migrations'))
    .filter((file) => /^\d{14}_[a-z0-9_]+\.ts$/.test(file))
    .map((file) => file.replace(/\.ts$/, ''))
    .sort();
}

export function prepareRelease(options: ReleaseOptions): PreparedRelease {
  const { root, version } = options;
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const packageFile = path.join(root, 'package.json');
  const current = readJson<{ version: string }>(packageFile).version;

  if (!isVersion(version)) throw new ReleaseRefused(`"${version}" is not a version: give MAJOR.MINOR.PATCH, e.g. 1.1.0`);
  if (compareVersions(version, current) <= 0) throw new ReleaseRefused(`${version} is not newer than the current version, ${current}`);
  // The release commit must hold the release and nothing else, and `commit -a` would take it all.
  const dirty = git(root, ['status', '--porcelain']).trim();
  if (dirty !== '') throw new ReleaseRefused(`the git tree has uncommitted changes; commit or remove them first:\n${dirty}`);

  // Everything is worked out before anything is written: a refusal leaves the tree as it was.
  const changelogFile = path.join(root, 'CHANGELOG.md');
  const changelog = releaseChangelog(readFileSync(changelogFile, 'utf8'), version, options.date ?? new Date().toISOString().slice(0, 10));

  // The schema this release runs on, for the next release's upgrade test.
  const releasesFile = path.join(root, 'migrations', 'releases.json');
  const names = migrationNames(root);
  const migration = names.at(-1);
  if (!migration) throw new ReleaseRefused('migrations/ holds no migration to record');
  const since = recordedReleases(releasesFile).at(-1)?.migration ?? '';

  const upgradingFile = path.join(root, 'docs', 'upgrading.md');
  const upgrading = readFileSync(upgradingFile, 'utf8');
  const stubbedNotes = !hasNotes(upgrading, version);
  const withNotes = addNotesStub(upgrading, version, names.filter((name) => name > since));

  const lockFile = path.join(root, 'package-lock.json');
  const lock = readJson<{ version?: string; packages?: Record<string, { version?: string }> }>(lockFile);
  lock.version = version;
  if (lock.packages?.['']) lock.packages[''].version = version;

  writeFileSync(changelogFile, changelog);
  writeJson(packageFile, { ...readJson<Record<string, unknown>>(packageFile), version });
  writeJson(lockFile, lock);
  writeJson(releasesFile, { ...readJson<Record<string, string>>(releasesFile), [version]: migration });
  writeFileSync(upgradingFile, withNotes);

  if (!options.skipChecks) {
    const run = options.run ?? runInherit(root);
    for (const check of CHECKS) {
      log(`> ${check.join(' ')}`);
      if (!run(check)) throw new ReleaseRefused(`${check.join(' ')} failed: fix it, then undo these changes (git checkout -- .) and run the release again`);
    }
  }

  return {
    version,
    migration,
    notes: notesOf(withNotes, version),
    stubbedNotes,
    tagCommand: `git commit -am "Release ${version}" && git tag -a v${version} -m "Kindred ${version}"`,
  };
}

function main(): void {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      'skip-checks': { type: 'boolean', default: false },
      // The checkout to release: this one unless told (the tests release a throwaway copy).
      root: { type: 'string', default: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..') },
    },
  });
  if (positionals.length !== 1) throw new ReleaseRefused('usage: npm run release -- X.Y.Z [--skip-checks]');
  const prepared = prepareRelease({ root: values.root, version: positionals[0]!, skipChecks: values['skip-checks'] });
  const print = (line = '') => process.stdout.write(`${line}\n`);
  print(`Kindred ${prepared.version} is prepared (last migration ${prepared.migration}). Read \`git diff\`, then:`);
  print();
  print(`  ${prepared.tagCommand}`);
  print(`  git push origin HEAD v${prepared.version}    # the tag builds and publishes the image`);
  print();
  if (prepared.stubbedNotes) print('docs/upgrading.md had no notes for this version: a stub was added. Edit it before the commit if operators must do anything.');
  print(`Upgrade notes for ${prepared.version} (docs/upgrading.md):`);
  print();
  print(prepared.notes);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (error) {
    process.stderr.write(`release: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
