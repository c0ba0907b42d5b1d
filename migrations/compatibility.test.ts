import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { projectRoot } from '../server/src/paths.js';

// Rolling upgrades run the old release and the new one side by side on one database for a few
// minutes (docs/operations.md, Upgrades), so a migration's `up` may only expand the schema: new
// tables, new nullable or defaulted columns, new indexes. Dropping, renaming, retyping or
// tightening what the running release reads waits for a later release ("contract"), and such a
// step says so with a `// contract:` comment naming the release that stopped using it.

const DESTRUCTIVE = /\b(dropColumn|dropTable|renameColumn|renameTo|setDataType|setNotNull|dropConstraint)\b|\b(DROP\s+(COLUMN|TABLE)|RENAME\s+(COLUMN|TO)|SET\s+NOT\s+NULL|ALTER\s+COLUMN\s+\w+\s+(SET\s+DATA\s+)?TYPE)\b/i;

/** Everything here predates the first release (nothing ran it in production yet). */
const BEFORE_FIRST_RELEASE = '20261130000000_payments.ts';

function upOf(source: string): string {
  const start = source.indexOf('export async function up');
  const end = source.indexOf('export async function down');
  return source.slice(start, end === -1 ? undefined : end);
}

it('only expands the schema in up(), unless a step is marked as a contract step', () => {
  const dir = path.join(projectRoot, 'migrations');
  const offenders: string[] = [];
  for (const file of readdirSync(dir).filter((f) => /^\d{14}_.+\.ts$/.test(f) && !f.endsWith('.test.ts')).sort()) {
    if (file <= BEFORE_FIRST_RELEASE) continue;
    const lines = upOf(readFileSync(path.join(dir, file), 'utf8')).split('\n');
    lines.forEach((line, i) => {
      const marked = lines.slice(Math.max(0, i - 3), i + 1).some((l) => l.includes('// contract:'));
      if (DESTRUCTIVE.test(line) && !marked) offenders.push(`${file}: ${line.trim()}`);
    });
  }
  expect(offenders).toEqual([]);
});

it('recognises what would break the release still running', () => {
  for (const bad of ["await db.schema.alterTable('profiles').dropColumn('bio').execute();", 'ALTER TABLE users RENAME COLUMN email TO mail', "alterColumn('name', (c) => c.setNotNull())", 'ALTER TABLE x ALTER COLUMN y TYPE text']) {
    expect(DESTRUCTIVE.test(bad)).toBe(true);
  }
  for (const fine of ["await db.schema.alterTable('profiles').addColumn('bio', 'text').execute();", "createIndex('x').on('t').column('c')"]) {
    expect(DESTRUCTIVE.test(fine)).toBe(false);
  }
});
