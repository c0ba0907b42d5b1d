import { type Command, InvalidArgumentError, Option } from 'commander';

import { DEFAULT_DEMO_SEED, MAX_DEMO_MEMBERS } from '../../../server/src/features/demo/index.js';
import { runWithContext } from '../run-with-context.js';

function memberCount(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isInteger(n) || n < 1 || n > MAX_DEMO_MEMBERS) {
    throw new InvalidArgumentError(`give a whole number from 1 to ${MAX_DEMO_MEMBERS}.`);
  }
  return n;
}

function seedText(value: string): string {
  if (value.trim() === '' || value.length > 100) throw new InvalidArgumentError('give a non-empty seed of at most 100 characters.');
  return value;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function registerSeed(program: Command): void {
  program
    .command('seed')
    .description('add or remove a sample community (complete, searchable sample members, marked as samples)')
    .addOption(new Option('--demo <n>', `add n sample members (1–${MAX_DEMO_MEMBERS})`).argParser(memberCount).conflicts('removeDemo'))
    .addOption(new Option('--seed <s>', 'seed for the generator: the same seed makes the same members').default(DEFAULT_DEMO_SEED).argParser(seedText))
    .addOption(new Option('--remove-demo', 'delete every sample member and their files (real members are never touched)'))
    .addHelpText('after', '\nExamples:\n  npm run cli -- seed --demo 200\n  npm run cli -- seed --remove-demo')
    .action((options: { demo?: number; seed: string; removeDemo?: boolean }, command: Command) => {
      if (options.demo === undefined && !options.removeDemo) command.error('error: say what to do: --demo <n> or --remove-demo');
      return runWithContext(async (ctx) => {
        const demo = ctx.services.demo;
        if (options.removeDemo) {
          const removed = await demo.removeAll();
          console.log(
            removed.members === 0 ? 'no sample members to remove' : `removed ${removed.members} sample member${removed.members === 1 ? '' : 's'} and ${removed.files} file${removed.files === 1 ? '' : 's'}`,
          );
          return;
        }
        const total = options.demo!;
        console.log(`adding ${total} sample member${total === 1 ? '' : 's'} (seed "${options.seed}", embeddings: ${ctx.ai.models.embedding})…`);
        const result = await demo.seed(total, {
          seed: options.seed,
          onProgress: ({ done, batchMs, batchSize }) => console.log(`  ${done}/${total}  (${seconds(batchMs)} for these ${batchSize})`),
        });
        const per100 = (result.ms / result.created) * 100;
        console.log(
          [
            `added ${result.created} sample members in ${seconds(result.ms)} (${seconds(per100)} per 100): demo+${result.first}@${ctx.config.mailDomain} … demo+${result.last}@${ctx.config.mailDomain}`,
            `  ${result.moments} moments (${result.imageMoments} pictures, ${result.textMoments} texts), ${result.embedded} profiles embedded`,
            '  they are marked as samples and cannot sign in; remove them with: npm run cli -- seed --remove-demo',
          ].join('\n'),
        );
      });
    });
}
