import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

import { contentDir } from '../paths.js';
import { LANGUAGES } from './languages.js';
import { translate, translateWithI18next } from './translator.js';

// translate() formats kept messages itself (translator.ts, "Compiled messages"): every server
// message, in every language, must read exactly as i18next with i18next-icu formats it.

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix: string, into: [string, string][] = []): [string, string][] {
  for (const [key, value] of Object.entries(tree)) {
    const full = `${prefix}.${key}`;
    if (typeof value === 'string') into.push([full, value]);
    else leaves(value, full, into);
  }
  return into;
}

/** A value for each argument: a number for plurals and number formats, a select's first case, else a word. */
function sampleValues(elements: MessageFormatElement[], into: Record<string, string | number> = {}, count = 2): Record<string, string | number> {
  for (const element of elements) {
    if (element.type === TYPE.plural || element.type === TYPE.number) into[element.value] = count;
    else if (element.type === TYPE.select) into[element.value] = Object.keys(element.options)[0]!;
    else if (element.type === TYPE.argument) into[element.value] = `«${element.value}»`;
    if (element.type === TYPE.plural || element.type === TYPE.select) for (const option of Object.values(element.options)) sampleValues(option.value, into, count);
  }
  return into;
}

const serverDir = path.join(contentDir, 'i18n', 'server');

describe('translate', () => {
  it.each(LANGUAGES)('formats every server message in %s as i18next does', (language) => {
    const dir = path.join(serverDir, language);
    let checked = 0;
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
      const namespace = file.replace(/\.json$/, '');
      const tree = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Tree;
      delete tree.$comment;
      for (const [key, message] of leaves(tree, namespace).map(([k, m]) => [k.replace('.', ':'), m] as const)) {
        for (const count of [1, 2]) {
          const values = sampleValues(parse(message, { ignoreTag: true }), {}, count);
          expect(`${key}: ${translate(language, key, values)}`).toBe(`${key}: ${translateWithI18next(language, key, values)}`);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('falls back to English, and to i18next for a key no catalogue has', () => {
    expect(translate('fr', 'match:no.such.key')).toBe(translateWithI18next('fr', 'match:no.such.key'));
    expect(translate('zh-Hans', 'match:names.someone')).toBe('这位成员');
  });
});
