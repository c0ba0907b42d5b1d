import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { describeRelease, readRelease, release } from './version.js';

// The commit comes from the first source that knows it: KINDRED_COMMIT (the image), the build's
// dist/BUILD_INFO.json, git in a checkout; else 'unknown'. The version is package.json's.
let root: string;

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'kindred-version-'));
  writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'kindred', version: '2.3.4' }));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const buildInfo = (commit: string) => {
  mkdirSync(path.join(root, 'dist'));
  writeFileSync(path.join(root, 'dist', 'BUILD_INFO.json'), JSON.stringify({ commit }));
};
const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
function commitSomething(): string {
  git('init', '-q');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '--allow-empty', '-m', 'x');
  return git('rev-parse', 'HEAD').slice(0, 7);
}

it('says unknown when nothing knows the commit', () => {
  expect(readRelease(root, {})).toEqual({ version: '2.3.4', commit: 'unknown' });
});

it('takes KINDRED_COMMIT first, shortening a full id to 7 characters', () => {
  buildInfo('1111111');
  expect(readRelease(root, { KINDRED_COMMIT: 'ABCDEF0123456789abcdef0123456789abcdef01' }).commit).toBe('abcdef0');
});

it('treats an empty KINDRED_COMMIT as unset (the image built without the build argument)', () => {
  buildInfo('1111111');
  expect(readRelease(root, { KINDRED_COMMIT: '' }).commit).toBe('1111111');
});

it('takes the build info before git', () => {
  commitSomething();
  buildInfo('2222222');
  expect(readRelease(root, {}).commit).toBe('2222222');
});

it('asks git in a checkout when the build recorded none, or recorded unknown', () => {
  const head = commitSomething();
  expect(readRelease(root, {}).commit).toBe(head);
  buildInfo('unknown');
  expect(readRelease(root, {}).commit).toBe(head);
});

it('prints itself as the CLI and the start line do', () => {
  expect(describeRelease({ version: '1.0.0', commit: 'abc1234' })).toBe('kindred 1.0.0 (abc1234)');
});

it('reads this project: the version of package.json, a commit of some kind', () => {
  expect(release().version).toMatch(/^\d+\.\d+\.\d+$/);
  expect(release().commit).toMatch(/^([0-9a-f]{7}|unknown|\S+)$/);
});
