import { loadConfig } from '../../../server/src/config.js';
import { createContext } from '../../../server/src/context.js';
import { createLogger } from '../../../server/src/logger.js';
import { spawnTs } from '../../../server/test/processes.js';
import { createTestDatabase, type TestDatabase } from '../../../server/test/test-database.js';

const cli = (args: string[], env: Record<string, string>) => spawnTs('cli/src/index.ts', args, { AI_PROVIDER: 'builtin', ...env });

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

async function sampleCount(): Promise<number> {
  const config = loadConfig({ LOG_LEVEL: 'silent', AI_PROVIDER: 'builtin', ...database.env });
  const ctx = await createContext(config, createLogger(config), { migrate: false });
  try {
    const rows = await ctx.db.selectFrom('profiles').select('id').where('is_sample', '=', true).execute();
    return rows.length;
  } finally {
    await ctx.close();
  }
}

it('refuses bad input with a clear message', async () => {
  const cases: Array<[string[], RegExp]> = [
    [['seed', '--demo', '0'], /argument '0' is invalid\. give a whole number from 1 to 10000/],
    [['seed'], /say what to do: --demo <n> or --remove-demo/],
  ];
  const runs = cases.map(([args]) => cli(args, database.env));
  for (const [i, run] of runs.entries()) {
    expect(await run.exited).toBe(2);
    expect(run.output()).toMatch(cases[i]![1]);
  }
});

it('adds sample members, then removes them all', async () => {
  const add = cli(['seed', '--demo', '3', '--seed', 'cli-test'], database.env);
  expect(await add.exited).toBe(0);
  expect(add.output()).toMatch(/added 3 sample members in [\d.]+ s \([\d.]+ s per 100\): demo\+1@kindred\.local … demo\+3@kindred\.local/);
  expect(add.output()).toContain('3 profiles embedded');

  const remove = cli(['seed', '--remove-demo'], database.env);
  expect(await remove.exited).toBe(0);
  expect(remove.output()).toMatch(/removed 3 sample members and \d+ files?/);
  expect(await sampleCount()).toBe(0);
});
