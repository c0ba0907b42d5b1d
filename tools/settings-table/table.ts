import { optionalFeatureOf } from '../../server/src/config-features.js';
import { type RateLimitRule, type Setting, settingDefault, settingNames, settingOf } from '../../server/src/settings.js';

/**
 * docs/settings.md and the settings part of .env.example, from the settings' one declaration
 * (server/src/settings.ts): generated, never edited by hand. `npm run docs:settings` writes both,
 * and table.test.ts fails when a checked-in file differs from what this prints.
 */

const UNITS: [string, number][] = [['d', 86_400_000], ['h', 3_600_000], ['m', 60_000], ['s', 1000]];

function isRule(value: unknown): value is RateLimitRule {
  return typeof value === 'object' && value !== null && 'limit' in value && 'windowMs' in value;
}

const declared = (name: string): Setting => settingOf(name)!;

/** The default as a value of the variable would write it ('' when it has none). */
function envDefault(name: string): string {
  const setting = declared(name);
  if (setting.envDefault !== undefined) return setting.envDefault;
  const value = settingDefault(name);
  if (isRule(value)) {
    const [unit, ms] = UNITS.find(([, size]) => value.windowMs % size === 0) ?? ['s', 1000];
    return `${value.limit}/${value.windowMs / ms}${unit}`;
  }
  return value === undefined ? '' : String(value);
}

function defaultText(name: string): string {
  const { shownDefault } = declared(name);
  if (shownDefault !== undefined) return shownDefault;
  const value = envDefault(name);
  return value === '' ? 'unset' : `\`${value}\``;
}

/** Table cells hold no pipes or line breaks. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

function description(name: string): string {
  const setting = declared(name);
  const notes = [setting.about];
  if (setting.secret) notes.push(`A secret: may come from a file, \`${name}_FILE\`.`);
  const feature = optionalFeatureOf(name);
  if (feature) notes.push(`Invalid: ${feature.disabled.replace(/ \(.*\)$/, '')}, with an error logged at start, instead of stopping start-up.`);
  return notes.join(' ');
}

export function settingsMarkdown(): string {
  const rows = settingNames.map((name) => `| \`${name}\` | ${cell(defaultText(name))} | ${cell(description(name))} |`);
  return [
    '# Settings',
    '',
    '<!-- Generated from server/src/settings.ts by `npm run docs:settings`; do not edit by hand. -->',
    '',
    'Every environment variable Kindred reads (or a line in `.env`), in the order `server/src/settings.ts`',
    'declares them, with the default that applies when it is unset or empty.',
    '',
    '| Setting | Default | What it does |',
    '|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

const WIDTH = 100;

/** "# " comment lines of at most WIDTH characters. */
function commentLines(text: string): string[] {
  const lines: string[] = [];
  let line = '#';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line.length + 1 + word.length > WIDTH && line !== '#') {
      lines.push(line);
      line = '#';
    }
    line += ` ${word}`;
  }
  lines.push(line);
  return lines;
}

/** Where the settings part of .env.example ends: compose.yaml's own variables follow, written by hand. */
export const ENV_EXAMPLE_COMPOSE_MARKER = '# ---- docker compose only (compose.yaml reads these; the app never does) ----';

/** The settings part of .env.example: every setting with what it does and its default. */
export function envExampleSettings(): string {
  const intro = [
    '# Kindred settings. Every one is optional: with none set, `npm start` runs on an embedded',
    '# database in ./data on http://localhost:3000. Copy to .env to change them (never commit .env).',
    '# Generated from server/src/settings.ts by `npm run docs:settings`, down to the compose marker.',
    '',
  ];
  const settings = settingNames.flatMap((name) => [...commentLines(description(name)), `${name}=${envDefault(name)}`]);
  return [...intro, ...settings, '', ''].join('\n');
}

/** .env.example with its settings part made anew and the compose part kept as written. */
export function envExample(current: string): string {
  const marker = current.indexOf(ENV_EXAMPLE_COMPOSE_MARKER);
  return envExampleSettings() + (marker === -1 ? '' : current.slice(marker));
}
