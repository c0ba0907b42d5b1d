// Writes docs/settings.md and .env.example's settings from server/src/settings.ts (npm run
// docs:settings); table.test.ts checks both are current.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { projectRoot } from '../../server/src/paths.js';
import { envExample, settingsMarkdown } from './table.js';

const table = path.join(projectRoot, 'docs', 'settings.md');
writeFileSync(table, settingsMarkdown());
const example = path.join(projectRoot, '.env.example');
writeFileSync(example, envExample(readFileSync(example, 'utf8')));
process.stdout.write(`wrote ${path.relative(projectRoot, table)} and ${path.relative(projectRoot, example)}\n`);
