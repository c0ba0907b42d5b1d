// Writes docs/settings.md from config.ts (npm run docs:settings); table.test.ts checks it is current.
import { writeFileSync } from 'node:fs';
import path from 'node:path';

import { projectRoot } from '../../server/src/paths.js';
import { settingsMarkdown } from './table.js';

const file = path.join(projectRoot, 'docs', 'settings.md');
writeFileSync(file, settingsMarkdown());
process.stdout.write(`wrote ${path.relative(projectRoot, file)}\n`);
