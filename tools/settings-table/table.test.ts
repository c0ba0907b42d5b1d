import { readFileSync } from 'node:fs';
import path from 'node:path';

import { settingNames } from '../../server/src/config.js';
import { SETTING_DESCRIPTIONS } from '../../server/src/config-docs.js';
import { projectRoot } from '../../server/src/paths.js';
import { settingsMarkdown } from './table.js';

// The rule: docs/settings.md is exactly what config.ts generates, so the documented settings and
// defaults cannot drift from the code.

it('describes every setting config.ts reads, and nothing else', () => {
  expect(Object.keys(SETTING_DESCRIPTIONS).sort()).toEqual([...settingNames].sort());
  for (const name of settingNames) expect([name, SETTING_DESCRIPTIONS[name]!.length > 10]).toEqual([name, true]);
});

it('docs/settings.md is the generated table (run npm run docs:settings after changing a setting)', () => {
  const checkedIn = readFileSync(path.join(projectRoot, 'docs', 'settings.md'), 'utf8');
  expect(checkedIn).toBe(settingsMarkdown());
});

it('reads the defaults from the schema', () => {
  const table = settingsMarkdown();
  expect(table).toContain('| `PORT` | `3000` |');
  expect(table).toContain('| `RATE_LIMIT_LOGIN_IP` | `30/15m` |');
  expect(table).toContain('| `POSTAL_ADDRESS` | unset |');
  expect(table).toContain('| `MAIL_FROM` | `"PRODUCT_NAME" <no-reply@MAIL_DOMAIN>` |');
});
