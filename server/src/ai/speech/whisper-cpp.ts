import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Where whisper-node keeps whisper.cpp (node_modules/whisper-node/lib/whisper.cpp) and the `main`
 * binary that `make` builds there. Resolved the way Node resolves the package, from this file.
 */
export function whisperCppDir(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('whisper-node/package.json')), 'lib', 'whisper.cpp');
}

export function whisperMainPath(): string {
  return path.join(whisperCppDir(), 'main');
}
