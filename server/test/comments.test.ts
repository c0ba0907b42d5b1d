import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { projectRoot } from '../src/paths.js';

// A comment that sends the reader to a file ("the rule lives in payments/membership-rules.ts") is
// only worth something while that file exists: every such reference must name a file in the
// repository, by its path or the end of it.

/** Names comments use for files the build or the running app writes, or for a JSON body. */
const WRITTEN_AT_RUN_TIME = new Set(['dist/BUILD_INFO.json', 'BUILD_INFO.json', 'manifest.json', 'report.json', 'res.json', 'express.json']);

const FILE_REFERENCE = /(?<![\w@/.*-])((?:[\w-]+\/)*[\w-][\w.-]*\.(?:ts|tsx|mjs|md|sh|json|yaml|yml))(?![\w/])/g;
const COMMENT = /^\s*(?:\/\/|\/\*\*?|\*)(.*)$|\s\/\/\s(.*)$/;

const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: projectRoot, encoding: 'utf8' });
const files = listed.split('\n').filter((file) => file && existsSync(path.join(projectRoot, file)));
const sources = files.filter((name) => /\.(ts|tsx|mjs|js)$/.test(name));

it('names only files that exist in comments', () => {
  const exists = (reference: string) => files.some((file) => file === reference || file.endsWith(`/${reference}`));
  const stale: string[] = [];
  for (const file of sources) {
    readFileSync(path.join(projectRoot, file), 'utf8').split('\n').forEach((line, index) => {
      const comment = COMMENT.exec(line);
      const text = comment?.[1] ?? comment?.[2];
      if (!text) return;
      for (const [, reference = ''] of text.matchAll(FILE_REFERENCE)) {
        if (!WRITTEN_AT_RUN_TIME.has(reference) && !exists(reference)) stale.push(`${file}:${index + 1} names ${reference}`);
      }
    });
  }
  expect(stale).toEqual([]);
});

// Two doc comments in a row: an editor shows only the second, so the first is lost on its reader.
it('gives each declaration one doc comment', () => {
  const stacked: string[] = [];
  for (const file of sources) {
    const lines = readFileSync(path.join(projectRoot, file), 'utf8').split('\n');
    lines.forEach((line, index) => {
      if (index > 0 && /\*\/\s*$/.test(lines[index - 1]!) && /^\s*\/\*\*/.test(line)) stacked.push(`${file}:${index + 1}`);
    });
  }
  expect(stacked).toEqual([]);
});
