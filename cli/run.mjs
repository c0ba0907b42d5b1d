// `npm run cli -- …` on a developer's clone and in the production image alike. With the dev
// dependencies installed it runs the TypeScript source through tsx (always current); in the
// production image, where `npm prune --omit=dev` removed tsx, it runs the build in dist/.
// KINDRED_CLI_COMPILED=1 forces the build (to try the image's path on a clone).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const compiled = path.join(root, 'dist', 'cli', 'src', 'index.js');

function hasTsx() {
  try {
    createRequire(import.meta.url).resolve('tsx');
    return true;
  } catch {
    return false;
  }
}

if (process.env.KINDRED_CLI_COMPILED !== '1' && hasTsx()) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'cli', 'src', 'index.ts'), ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
} else if (existsSync(compiled)) {
  await import(pathToFileURL(compiled).href);
} else {
  process.stderr.write('The command line is not built: run `npm run build` (or install the dev dependencies).\n');
  process.exit(1);
}
