import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { projectRoot } from '../server/src/paths.js';

// What the stack's tests start from: the files an operator has in a checkout of a release, in a
// temporary folder, and their .env made from .env.example as the docs say (every line kept).

/** A copy of the stack's files (compose files, docker/, certs/, scripts/, .env.example). */
export function operatorCheckout(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  for (const entry of ['compose.yaml', 'compose.replica.yaml', 'compose.gpu.yaml', 'compose.gpu-amd.yaml', 'docker', 'certs', 'scripts', '.env.example']) {
    cpSync(path.join(projectRoot, entry), path.join(dir, entry), { recursive: true });
  }
  return dir;
}

/** dir/.env: .env.example with these values filled in. */
export function writeOperatorEnv(dir: string, values: Record<string, string>): void {
  const text = readFileSync(path.join(dir, '.env.example'), 'utf8')
    .split('\n')
    .map((line) => {
      const name = /^([A-Z0-9_]+)=/.exec(line)?.[1];
      return name && name in values ? `${name}=${values[name]}` : line;
    })
    .join('\n');
  writeFileSync(path.join(dir, '.env'), text);
}
