#!/usr/bin/env node
// Makes the compact Noto Sans SC the Chinese legal PDFs are typeset in: content/fonts/
// NotoSansSC-Regular.subset.ttf and NotoSansSC-Bold.subset.ttf, holding exactly the characters of
// the Chinese legal texts (content/legal/*.zh-Hans.md) and the PDF's own words (the server
// catalogue content/i18n/server/zh-Hans/legal.json), plus printable ASCII and common punctuation.
//
// Run it after editing any of those texts: node tools/fonts/subset-cjk.mjs
// (server/src/features/legal/legal-font.test.ts fails until it has run).
//
// The full fonts come from the npm package @expo-google-fonts/noto-sans-sc (static TTFs, SIL Open
// Font License 1.1) and are subset with fontkit; both are installed into a temporary folder, never
// into the project (no dependency is added to package.json).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const outDir = path.join(root, 'content', 'fonts');
const work = process.env.KINDRED_FONT_TMP ?? path.join(tmpdir(), 'kindred-subset-cjk');
const PACKAGES = ['@expo-google-fonts/noto-sans-sc@0.4', 'fontkit@2'];
const WEIGHTS = [
  { file: '400Regular/NotoSansSC_400Regular.ttf', out: 'NotoSansSC-Regular.subset.ttf' },
  { file: '700Bold/NotoSansSC_700Bold.ttf', out: 'NotoSansSC-Bold.subset.ttf' },
];

/** Every character the Chinese texts use, plus ASCII and the punctuation any text may add. */
function characters() {
  const chars = new Set();
  const add = (text) => {
    for (const ch of text) if (!/\s/.test(ch)) chars.add(ch);
  };
  // The space too: without it pdfkit would print the empty glyph (and a PDF reader read U+0000) between words.
  for (let code = 0x20; code <= 0x7e; code++) chars.add(String.fromCharCode(code));
  chars.add('\u00a0');
  add('·–—‘’“”…«»©®™€£¥°×÷§、。，；：？！（）《》〈〉「」『』【】～—　·￥');
  const legal = path.join(root, 'content', 'legal');
  for (const file of readdirSync(legal).filter((name) => name.endsWith('.zh-Hans.md'))) add(readFileSync(path.join(legal, file), 'utf8'));
  // Only what a PDF prints: e-mails and screens are drawn in the reader's own fonts.
  add(readFileSync(path.join(root, 'content', 'i18n', 'server', 'zh-Hans', 'legal.json'), 'utf8'));
  return [...chars].sort();
}

function install() {
  const marker = path.join(work, 'node_modules', '@expo-google-fonts', 'noto-sans-sc', WEIGHTS[0].file);
  if (existsSync(marker) && existsSync(path.join(work, 'node_modules', 'fontkit'))) return;
  mkdirSync(work, { recursive: true });
  console.log(`installing ${PACKAGES.join(' and ')} into ${work} (not the project) …`);
  execFileSync('npm', ['install', '--prefix', work, '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', ...PACKAGES], { stdio: 'inherit' });
}

/** A cmap (format 12, Windows Unicode full repertoire) mapping each character to its new glyph id. */
function cmapTable(mapping) {
  const entries = [...mapping].sort((a, b) => a[0] - b[0]);
  const length = 16 + 12 * entries.length;
  const table = Buffer.alloc(12 + length);
  table.writeUInt16BE(0, 0); // version
  table.writeUInt16BE(1, 2); // one encoding record
  table.writeUInt16BE(3, 4); // Windows
  table.writeUInt16BE(10, 6); // Unicode full repertoire
  table.writeUInt32BE(12, 8);
  table.writeUInt16BE(12, 12); // format 12
  table.writeUInt32BE(length, 16);
  table.writeUInt32BE(0, 20); // language
  table.writeUInt32BE(entries.length, 24);
  entries.forEach(([code, id], i) => {
    table.writeUInt32BE(code, 28 + 12 * i);
    table.writeUInt32BE(code, 32 + 12 * i);
    table.writeUInt32BE(id, 36 + 12 * i);
  });
  return table;
}

function checksum(data) {
  const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + padded.readUInt32BE(i)) >>> 0;
  return sum;
}

/** The tables of a TrueType file, by tag. */
function tablesOf(font) {
  const tables = new Map();
  const count = font.readUInt16BE(4);
  for (let i = 0; i < count; i++) {
    const at = 12 + 16 * i;
    const tag = font.toString('latin1', at, at + 4);
    const offset = font.readUInt32BE(at + 8);
    tables.set(tag, font.subarray(offset, offset + font.readUInt32BE(at + 12)));
  }
  return tables;
}

/**
 * fontkit's subset holds the glyphs only (no cmap, names or OS/2 metrics), which a PDF library
 * cannot lay text out with: the tables are written again with a cmap for the new glyph ids, and
 * the original's name, OS/2 and post (format 3: no glyph names) tables, which do not depend on them.
 */
function completeFont(subsetBytes, originalBytes, mapping) {
  const tables = tablesOf(subsetBytes);
  const original = tablesOf(originalBytes);
  tables.set('cmap', cmapTable(mapping));
  for (const tag of ['name', 'OS/2', 'post']) tables.set(tag, Buffer.from(original.get(tag)));
  const head = Buffer.from(tables.get('head'));
  head.writeUInt32BE(0, 8); // checkSumAdjustment, set below
  tables.set('head', head);
  const tags = [...tables.keys()].sort();
  const count = tags.length;
  const power = 2 ** Math.floor(Math.log2(count));
  const header = Buffer.alloc(12 + 16 * count);
  header.writeUInt32BE(0x00010000, 0);
  header.writeUInt16BE(count, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(count * 16 - power * 16, 10);
  const bodies = [];
  let offset = header.length;
  tags.forEach((tag, i) => {
    const data = tables.get(tag);
    const at = 12 + 16 * i;
    header.write(tag, at, 4, 'latin1');
    header.writeUInt32BE(checksum(data), at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(data.length, at + 12);
    const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
    bodies.push(padded);
    offset += padded.length;
  });
  const font = Buffer.concat([header, ...bodies]);
  const headOffset = header.readUInt32BE(12 + 16 * tags.indexOf('head') + 8);
  font.writeUInt32BE((0xb1b0afba - checksum(font)) >>> 0, headOffset + 8);
  return font;
}

install();
const require = createRequire(path.join(work, 'package.json'));
const fontkit = require('fontkit');
const chars = characters();
mkdirSync(outDir, { recursive: true });
for (const weight of WEIGHTS) {
  const originalBytes = readFileSync(path.join(work, 'node_modules', '@expo-google-fonts', 'noto-sans-sc', weight.file));
  const font = fontkit.create(originalBytes);
  const subset = font.createSubset();
  const missing = [];
  const mapping = new Map();
  for (const ch of chars) {
    const glyph = font.glyphForCodePoint(ch.codePointAt(0));
    if (!glyph || glyph.id === 0) missing.push(ch);
    else mapping.set(ch.codePointAt(0), subset.includeGlyph(glyph));
  }
  const bytes = completeFont(Buffer.from(subset.encode()), originalBytes, mapping);
  writeFileSync(path.join(outDir, weight.out), bytes);
  console.log(`${weight.out}: ${chars.length - missing.length} characters, ${(bytes.length / 1024).toFixed(0)} KB${missing.length ? `; no glyph for ${missing.join(' ')}` : ''}`);
}
writeFileSync(path.join(outDir, 'OFL.txt'), readFileSync(path.join(work, 'node_modules', '@expo-google-fonts', 'noto-sans-sc', 'LICENSE_FONT')));
// What the test compares with the texts: the characters the subset was made for.
writeFileSync(path.join(outDir, 'NotoSansSC.subset-characters.txt'), `${chars.join('')}\n`);
