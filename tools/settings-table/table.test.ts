import { readFileSync } from 'node:fs';
import path from 'node:path';

import { loadConfig } from '../../server/src/config.js';
import { projectRoot } from '../../server/src/paths.js';
import { settingNames, settingOf } from '../../server/src/settings.js';
import { envExample, envExampleSettings, settingsMarkdown } from './table.js';

// The rule: docs/settings.md and .env.example are exactly what the settings' one declaration
// (server/src/settings.ts) generates, so the documented settings and defaults cannot drift.

it('describes every setting', () => {
  for (const name of settingNames) expect([name, settingOf(name)!.about.length > 10]).toEqual([name, true]);
});

it('docs/settings.md is the generated table (run npm run docs:settings after changing a setting)', () => {
  const checkedIn = readFileSync(path.join(projectRoot, 'docs', 'settings.md'), 'utf8');
  expect(checkedIn).toBe(settingsMarkdown());
});

it('.env.example is generated down to the compose part (run npm run docs:settings after changing a setting)', () => {
  const checkedIn = readFileSync(path.join(projectRoot, '.env.example'), 'utf8');
  expect(checkedIn).toBe(envExample(checkedIn));
});

it('reads the defaults from the declarations, and .env.example writes the ones the code uses', () => {
  const table = settingsMarkdown();
  expect(table).toContain('| `PORT` | `3000` |');
  expect(table).toContain('| `RATE_LIMIT_LOGIN_IP` | `30/15m` |');
  expect(table).toContain('| `POSTAL_ADDRESS` | unset |');
  expect(table).toContain('| `MAIL_FROM` | `"PRODUCT_NAME" <no-reply@MAIL_DOMAIN>` |');
  const example = Object.fromEntries(
    envExampleSettings()
      .split('\n')
      .filter((line) => /^[A-Z0-9_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  expect(Object.keys(example)).toEqual([...settingNames]);
  expect(loadConfig(example)).toEqual(loadConfig({}));
});
