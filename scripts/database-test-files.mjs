#!/usr/bin/env node
// Prints the test files that open a database (through the test app, a test database or a
// context), one per line, for CI's second pass against real Postgres: the files that open none
// give the same answer on either engine, so they run once, in the embedded pass (docs/testing.md).
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

for (const top of ROOTS) {
  for (const file of testFiles(path.join(root, top))) {
    if (OPENS_A_DATABASE.test(readFileSync(file, 'utf8'))) console.log(path.relative(root, file));
  }
}
