import path from 'node:path';

import type { Plugin } from 'vite';

/**
 * The web bundle holds no server code and no runtime schema: a module under server/ (or cli/,
 * migrations/) must never be bundled, and the HTTP contract (contract/) is imported for its types
 * only (`import type`, erased at build), so zod stays out of the bundle. Bundling any of them fails
 * the build, naming the module.
 */
export function noServerModules(root: string): Plugin {
  const forbidden = ['server', 'cli', 'migrations', 'contract'].map((dir) => path.join(root, dir) + path.sep);
  return {
    name: 'kindred-no-server-modules',
    enforce: 'pre',
    load(id) {
      const file = id.split('?')[0] ?? id;
      const hit = forbidden.find((dir) => file.startsWith(dir));
      if (hit) throw new Error(`${path.relative(root, file)} is not for the web bundle (import contract/ types with \`import type\`; server code never)`);
      return null;
    },
  };
}
