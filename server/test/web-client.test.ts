import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { projectRoot } from '../src/paths.js';

// Every request the web app makes goes through its one API client (web/src/api/client.ts), which
// turns an error's code into the member's language. A module that called fetch itself would show
// the server's English words (speech uploads once did).

const webSrc = path.join(projectRoot, 'web', 'src');
const CLIENT = path.join(webSrc, 'api', 'client.ts');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

it('only the API client calls fetch', () => {
  const callers = files(webSrc).filter((file) => file !== CLIENT && /\bfetch\s*\(/.test(readFileSync(file, 'utf8')));
  expect(callers.map((file) => path.relative(projectRoot, file))).toEqual([]);
});
