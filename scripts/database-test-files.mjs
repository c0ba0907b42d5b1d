#!/usr/bin/env node
// Prints test files, one per line, for CI's jest passes (docs/testing.md, "What CI runs on which
// database"):
//
// - with no argument, the files that open a database (through the test app, a test database or a
//   context): CI's pass against real Postgres runs every one of them;
// - with `--alone`, the files marked `@runs-alone` (one that a busy server disturbs: the real hot
//   standby's), left out of the list above, for a run of their own;
// - with `--embedded-pass`, what CI's pass on the embedded database (PGlite) runs: every file that
//   opens no database (they give the same answer on either engine, so they run once, here), every
//   file that names the engines (it branches on TEST_DATABASE_URL or the database's mode, or tests
//   PGlite, its socket or its one connection), and the representative set below. The other
//   database files run on Postgres only in CI; `npm test` with nothing set still runs every file
//   on the embedded database.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOTS = ['server', 'cli', 'migrations', 'docker', 'tools'];
const OPENS_A_DATABASE = /\b(createTestApp|createTestDatabase|createEmptyDatabase|createContext|testServerUrl|withAdminClient)\b/;
/** A file that behaves differently on the two engines, or is about one of them. `@both-engines` marks one by hand. */
const NAMES_THE_ENGINES = /TEST_DATABASE_URL|testServerUrl\(\)|PGlite|[Ee]mbedded database|embeddedPaths|database\.mode|@both-engines/;
/**
 * Database files CI also runs on PGlite although they do not name it: the schema's own tests
 * (every down() on PGlite's newer Postgres), the server's start and stop as a process (main.ts
 * migrates, offers the sample community and builds the vector index by engine), and one route file for each service that holds a
 * transaction (auth, campus sign-in, account, export, chat, check-ins, demo, introductions,
 * moments, NFC locations, profiles, touchpoints, job runs): on the embedded database the pool has
 * one connection, so a query made outside a transaction while it is open would wait forever.
 */
const REPRESENTATIVE = [
  'migrations/migrations.test.ts',
  'server/src/main.test.ts',
  'server/src/auth/signup.test.ts',
  'server/src/auth/campus/campus-sign-in.test.ts',
  'server/src/features/account/account.test.ts',
  'server/src/features/account-export/account-export.test.ts',
  'server/src/features/chat/chat.test.ts',
  'server/src/features/check-ins/check-ins.test.ts',
  'server/src/features/demo/demo.test.ts',
  'server/src/features/introductions/introductions.test.ts',
  'server/src/features/moments/user-moments.test.ts',
  'server/src/features/nfc-locations/nfc-locations.test.ts',
  'server/src/features/profiles/profiles.test.ts',
  'server/src/features/touchpoints/touchpoints.test.ts',
  'server/src/jobs/jobs.test.ts',
];

function* testFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* testFiles(full);
    else if (entry.name.endsWith('.test.ts')) yield full;
  }
}

const alone = process.argv.includes('--alone');
const embeddedPass = process.argv.includes('--embedded-pass');
if (embeddedPass) {
  // A renamed or removed file would silently leave the set: say so instead.
  const missing = REPRESENTATIVE.filter((file) => !existsSync(path.join(root, file)));
  if (missing.length > 0) {
    console.error(`scripts/database-test-files.mjs: the representative set names files that do not exist: ${missing.join(', ')}`);
    process.exit(1);
  }
}
for (const top of ROOTS) {
  for (const file of testFiles(path.join(root, top))) {
    const text = readFileSync(file, 'utf8');
    const relative = path.relative(root, file);
    const opensADatabase = OPENS_A_DATABASE.test(text);
    const selected = embeddedPass
      ? !opensADatabase || NAMES_THE_ENGINES.test(text) || REPRESENTATIVE.includes(relative)
      : opensADatabase && text.includes('@runs-alone') === alone;
    if (selected) console.log(relative);
  }
}
