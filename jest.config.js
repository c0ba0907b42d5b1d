/** Jest runs the TypeScript sources as native ESM through swc; `tsc` does the type checking. */
export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/server', '<rootDir>/cli', '<rootDir>/migrations', '<rootDir>/docker', '<rootDir>/tools'],
  testMatch: ['**/*.test.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'es6' } }],
  },
  // Sources import siblings as './x.js' (NodeNext style); under jest that is the .ts file.
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  // Password hashes at a trivial cost in tests (the production cost is asserted in auth/passwords.test.ts).
  setupFiles: ['<rootDir>/server/test/fast-password-hashes.ts'],
  globalSetup: '<rootDir>/server/test/global-setup.js',
  globalTeardown: '<rootDir>/server/test/global-teardown.js',
  testTimeout: 60_000,
  // Most test time is waiting on databases and child processes, not CPU: use both cores.
  maxWorkers: 2,
};
