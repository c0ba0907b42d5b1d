#!/usr/bin/env node
// Prints the test files that open a database (through the test app, a test database or a
// context), one per line, for CI's second pass against real Postgres: the files that open none
// give the same answer on either engine, so they run once, in the embedded pass (docs/testing.md).
// A file marked `@runs-alone` (one that a busy server disturbs: the real hot standby's) is left
// out, and printed alone with `--alone`, for a run of its own.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOTS = ['server', 'cli', 'migrations', 'docker', 'tools'];
const OPENS_A_DATABASE = /\b(createTestApp|createTestDatabase|createEmptyDatabase|createContext|testServerUrl|withAdminClient)\b/;

function* testFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* testFiles(full);
    else if (entry.name.endsWith('.test.ts')) yield full;
  }
}

const alone = process.argv.includes('--alone');
for (const top of ROOTS) {
  for (const file of testFiles(path.join(root, top))) {
    const text = readFileSync(file, 'utf8');
    if (OPENS_A_DATABASE.test(text) && text.includes('@runs-alone') === alone) console.log(path.relative(root, file));
  }
}
