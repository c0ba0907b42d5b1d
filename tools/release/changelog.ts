import { ReleaseRefused } from './refused.js';

/**
 * CHANGELOG.md (Keep a Changelog): the release moves what is under `## [Unreleased]` into a dated
 * section of its own and leaves Unreleased empty for the next changes.
 */
const UNRELEASED = /^## \[Unreleased\][^\n]*\n/m;

export function releaseChangelog(text: string, version: string, date: string): string {
  const heading = UNRELEASED.exec(text);
  if (!heading) throw new ReleaseRefused('CHANGELOG.md has no "## [Unreleased]" section');
  if (new RegExp(`^## \\[${version.replace(/\./g, '\\.')}\\]`, 'm').test(text)) throw new ReleaseRefused(`CHANGELOG.md already has a section for ${version}`);
  const start = heading.index + heading[0].length;
  const next = text.slice(start).search(/^## /m);
  const end = next === -1 ? text.length : start + next;
  const changes = text.slice(start, end).trim();
  // Nothing to say is a release nobody can review: write the changes first.
  if (changes === '') throw new ReleaseRefused('CHANGELOG.md: the Unreleased section is empty; list what this release changes first');
  const rest = text.slice(end);
  return `${text.slice(0, heading.index)}## [Unreleased]\n\n## [${version}] - ${date}\n\n${changes}\n${rest === '' ? '' : `\n${rest}`}`;
}
