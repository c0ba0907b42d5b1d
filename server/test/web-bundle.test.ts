import path from 'node:path';

import { projectRoot } from '../src/paths.js';
import { noServerModules } from '../../web/build/no-server-modules.js';

// The web build refuses to bundle server code or the contract's runtime schemas (vite.config.ts).

const load = (id: string) => {
  const hook = noServerModules(projectRoot).load as (id: string) => unknown;
  return hook.call({}, id);
};

it('refuses server modules and the contract at build time, and lets the web app through', () => {
  expect(() => load(path.join(projectRoot, 'server', 'src', 'config.ts'))).toThrow(/server\/src\/config.ts is not for the web bundle/);
  expect(() => load(path.join(projectRoot, 'contract', 'search.ts'))).toThrow(/contract\/search.ts is not for the web bundle/);
  expect(load(path.join(projectRoot, 'web', 'src', 'main.tsx'))).toBeNull();
  expect(load(path.join(projectRoot, 'node_modules', 'react', 'index.js'))).toBeNull();
});
