import { ConfigError, loadConfig } from '../src/config.js';

/** The issues loadConfig names for `env`; fails the test when it accepts it. */
export function issuesOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.issues;
    throw error;
  }
  throw new Error('expected a ConfigError');
}
