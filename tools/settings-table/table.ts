import { FILE_SETTINGS, type RateLimitRule, settingDefault, settingNames } from '../../server/src/config.js';
import { DERIVED_DEFAULTS, SETTING_DESCRIPTIONS } from '../../server/src/config-docs.js';
import { optionalFeatureOf } from '../../server/src/config-features.js';

/**
 * docs/settings.md: every setting config.ts reads, its default read from the schema, and what it
 * does (config-docs.ts). Generated, never edited by hand: `npm run docs:settings` writes it, and
 * table.test.ts fails when the checked-in file differs from what this prints.
 */

const UNITS: [string, number][] = [['d', 86_400_000], ['h', 3_600_000], ['m', 60_000], ['s', 1000]];

function isRule(value: unknown): value is RateLimitRule {
  return typeof value === 'object' && value !== null && 'limit' in value && 'windowMs' in value;
}

function defaultText(name: string): string {
  const derived = DERIVED_DEFAULTS[name];
  if (derived !== undefined) return derived;
  const value = settingDefault(name);
  if (value === undefined) return 'unset';
  if (isRule(value)) {
    const [unit, ms] = UNITS.find(([, size]) => value.windowMs % size === 0) ?? ['s', 1000];
    return `\`${value.limit}/${value.windowMs / ms}${unit}\``;
  }
  return `\`${String(value)}\``;
}

/** Table cells hold no pipes or line breaks. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

function description(name: string): string {
  const notes = [SETTING_DESCRIPTIONS[name] ?? ''];
  if ((FILE_SETTINGS as readonly string[]).includes(name)) notes.push(`A secret: may come from a file, \`${name}_FILE\`.`);
  const feature = optionalFeatureOf(name);
  if (feature) notes.push(`Invalid: ${feature.disabled.replace(/ \(.*\)$/, '')}, with an error logged at start, instead of stopping start-up.`);
  return notes.join(' ');
}

export function settingsMarkdown(): string {
  const rows = settingNames.map((name) => `| \`${name}\` | ${cell(defaultText(name))} | ${cell(description(name))} |`);
  return [
    '# Settings',
    '',
    '<!-- Generated from server/src/config.ts and config-docs.ts by `npm run docs:settings`; do not edit by hand. -->',
    '',
    'Every environment variable Kindred reads (or a line in `.env`), in the order `server/src/config.ts`',
    'parses them, with the default that applies when it is unset or empty.',
    '',
    '| Setting | Default | What it does |',
    '|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
