import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

import { contentDir } from '../paths.js';
import { LANGUAGES, SOURCE_LANGUAGE } from './languages.js';

// Every catalogue (content/i18n/{app,server}/<language>/<namespace>.json) holds the same keys in
// every language, each a valid ICU message using the same arguments as the English one: a key
// missing in one language, or a translation that drops {name}, fails here and not in front of a member.

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(full, value);
    else for (const [k, v] of flatten(value, full)) entries.set(k, v);
  }
  return entries;
}

function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.argument || element.type === TYPE.number || element.type === TYPE.date || element.type === TYPE.time) into.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      into.add(element.value);
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    }
    if (element.type === TYPE.tag) {
      into.add(`<${element.value}>`);
      argumentsOf(element.children, into);
    }
  }
  return into;
}

const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);

function catalogue(root: string, language: string): Map<string, Map<string, string>> {
  const dir = path.join(contentDir, 'i18n', root, language);
  const files = readdirSync(dir).filter((name) => name.endsWith('.json')).sort();
  return new Map(files.map((file) => [file, flatten(JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Tree)]));
}

describe.each(['app', 'server'])('the %s catalogues', (root) => {
  const source = catalogue(root, SOURCE_LANGUAGE);

  it('are not empty', () => {
    expect(source.size).toBeGreaterThan(0);
  });

  it.each(LANGUAGES)('%s has every file and key the English has, and no other', (language) => {
    const translated = catalogue(root, language);
    expect([...translated.keys()]).toEqual([...source.keys()]);
    for (const [file, messages] of source) {
      const theirs = translated.get(file)!;
      const missing = [...messages.keys()].filter((key) => !theirs.has(key)).map((key) => `${file}: ${key}`);
      const extra = [...theirs.keys()].filter((key) => !messages.has(key)).map((key) => `${file}: ${key}`);
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    }
  });

  it.each(LANGUAGES)('%s: every message is valid ICU, not empty, and uses the English message\'s arguments', (language) => {
    const problems: string[] = [];
    for (const [file, messages] of catalogue(root, language)) {
      for (const [key, text] of messages) {
        const english = source.get(file)?.get(key);
        if (text.trim() === '') problems.push(`${file}: ${key} is empty`);
        // <Trans> reads a message's tags as HTML, where these never hold text: <link>…</link> lost its words once.
        for (const tag of text.matchAll(/<(\w+)>/g)) if (VOID_ELEMENTS.has(tag[1]!.toLowerCase())) problems.push(`${file}: ${key} uses <${tag[1]}>, an HTML void element: name the tag after what it holds`);
        try {
          const theirs = [...argumentsOf(parse(text))].sort();
          const ours = english === undefined ? theirs : [...argumentsOf(parse(english))].sort();
          if (theirs.join() !== ours.join()) problems.push(`${file}: ${key} uses {${theirs.join(', ')}}, English uses {${ours.join(', ')}}`);
        } catch (error) {
          problems.push(`${file}: ${key} is not ICU MessageFormat (${(error as Error).message})`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('the glossary', () => {
  const glossary = JSON.parse(readFileSync(path.join(contentDir, 'i18n', 'glossary.json'), 'utf8')) as { terms: { en: string; 'zh-Hans': string; fr: string; checked?: boolean }[] };

  it('is followed by the Chinese catalogues for each checked term', () => {
    const problems: string[] = [];
    for (const root of ['app', 'server']) {
      const english = catalogue(root, 'en');
      const chinese = catalogue(root, 'zh-Hans');
      for (const term of glossary.terms.filter((entry) => entry.checked)) {
        const said = new RegExp(`\\b${term.en.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'i');
        for (const [file, messages] of english) {
          for (const [key, text] of messages) {
            const translation = chinese.get(file)?.get(key) ?? '';
            if (said.test(text) && !translation.includes(term['zh-Hans'])) problems.push(`${root}/${file}: ${key} says "${term.en}" but not "${term['zh-Hans']}"`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
