import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { z } from 'zod';

import { loadLexicon } from './ai/builtin/embedding/lexicon.js';
import { loadNeighbours } from './ai/builtin/embedding/neighbours.js';
import { loadGazetteer } from './ai/builtin/standardize/gazetteer.js';
import { loadProfessionVocabulary } from './ai/builtin/standardize/profession-data.js';
import { ContentError, contentName, loadJsonContent } from './content.js';
import { loadDemoPools } from './features/demo/demo.pools.js';
import { loadChatSlang } from './features/matching/chat-slang.js';
import { loadMetroAreas } from './features/matching/metro-areas.js';
import { loadLegalText } from './features/legal/legal-texts.js';
import { contentDir } from './paths.js';
import { parseFaq } from '../../web/build/faq.js';
import { loadInterviewReading } from './features/chat/interview/extract.js';
import { loadInterviewLabels } from './features/chat/interview/words.js';

function filesIn(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesIn(path.join(dir, entry.name)).map((file) => `${entry.name}/${file}`) : [entry.name],
  );
}

/** Every file in content/ and the loader that reads it (the web's FAQ is parsed as the page does). */
const LOADERS: Record<string, (file: string) => unknown> = {
  'demo/pools.json': loadDemoPools,
  'embedding/lexicon.json': loadLexicon,
  'embedding/neighbours.json': loadNeighbours,
  'interview/labels.json': loadInterviewLabels,
  'interview/reading.json': loadInterviewReading,
  'help/faq.md': (file) => parseFaq(readFileSync(file, 'utf8'), file),
  'help/faq.zh-Hans.md': (file) => parseFaq(readFileSync(file, 'utf8'), file),
  'help/faq.fr.md': (file) => parseFaq(readFileSync(file, 'utf8'), file),
  'legal/privacy-policy.md': (file) => loadLegalText('privacy-policy', file),
  'legal/terms-of-service.md': (file) => loadLegalText('terms-of-service', file),
  'legal/privacy-policy.zh-Hans.md': (file) => loadLegalText('privacy-policy', file, 'zh-Hans'),
  'legal/privacy-policy.fr.md': (file) => loadLegalText('privacy-policy', file, 'fr'),
  'legal/terms-of-service.zh-Hans.md': (file) => loadLegalText('terms-of-service', file, 'zh-Hans'),
  'legal/terms-of-service.fr.md': (file) => loadLegalText('terms-of-service', file, 'fr'),
  // The Chinese PDFs' font, made by tools/fonts/subset-cjk.mjs (legal-font.test.ts checks its glyphs), and its licence.
  'fonts/NotoSansSC-Regular.subset.ttf': (file) => readFileSync(file),
  'fonts/NotoSansSC-Bold.subset.ttf': (file) => readFileSync(file),
  'fonts/NotoSansSC.subset-characters.txt': (file) => readFileSync(file, 'utf8'),
  'fonts/OFL.txt': (file) => readFileSync(file, 'utf8'),
  'search/chat-slang.json': loadChatSlang,
  'search/metro-areas.json': loadMetroAreas,
  'standardize/gazetteer.json': loadGazetteer,
  'standardize/professions.json': loadProfessionVocabulary,
  // The message catalogues, the language list and the glossary: JSON here; server/src/i18n/catalogues.test.ts checks what they hold.
  ...Object.fromEntries(filesIn(path.join(contentDir, 'i18n')).map((file) => [`i18n/${file}`, (full: string) => JSON.parse(readFileSync(full, 'utf8')) as unknown])),
};


let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(path.join(tmpdir(), 'kindred-content-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A copy of content/<file> changed by `edit`, in the temp folder; its path. */
function malformedCopy(file: string, edit: (text: string) => string): string {
  const copy = path.join(tmp, file.replaceAll('/', '-'));
  writeFileSync(copy, edit(readFileSync(path.join(contentDir, file), 'utf8')));
  return copy;
}

/** The JSON of content/<file> with one value replaced, as text. */
function withValue(file: string, change: (data: Record<string, unknown>) => void): (text: string) => string {
  return (text) => {
    const data = JSON.parse(text) as Record<string, unknown>;
    change(data);
    return JSON.stringify(data);
  };
}

describe('content/', () => {
  it('holds only files a loader reads, and each of them validates', () => {
    expect(filesIn(contentDir).sort()).toEqual(Object.keys(LOADERS).sort());
    for (const [file, load] of Object.entries(LOADERS)) expect(() => load(path.join(contentDir, file))).not.toThrow();
  });

  it('names content files by their place in the project', () => {
    expect(contentName('legal/terms-of-service.md')).toBe('content/legal/terms-of-service.md');
    expect(contentName('/somewhere/else.json')).toBe('/somewhere/else.json');
  });

  it('refuses a file that is missing or not JSON, naming it', () => {
    expect(() => loadJsonContent(z.object({}), path.join(tmp, 'missing.json'))).toThrow(new RegExp(`${tmp}/missing\\.json: cannot be read`));
    const broken = malformedCopy('standardize/gazetteer.json', (text) => text.replace(/\]\s*}\s*$/, ''));
    expect(() => loadGazetteer(broken)).toThrow(ContentError);
    expect(() => loadGazetteer(broken)).toThrow(`${broken}: is not valid JSON`);
  });

  it.each<[string, (data: Record<string, unknown>) => void, RegExp]>([
    ['standardize/gazetteer.json', (d) => ((d.countries as unknown[][])[3]![1] = 42), /expected string, received number\s+→ at countries\[3\]\[1\]/],
    ['standardize/gazetteer.json', (d) => ((d.cityDefaults as Record<string, string>).Vancouver = 'Vancouver'), /expected "City, Region, Country"\s+→ at cityDefaults\.Vancouver/],
    ['standardize/gazetteer.json', (d) => ((d.regions as object[])[0] = { country: 'Canada', region: [] }), /Unrecognized key: "region"/],
    ['standardize/professions.json', (d) => (((d.rules as { category: string }[])[0]!.category = 'Astronaut')), /→ at rules\[0\]\.category/],
    ['standardize/professions.json', (d) => ((d.studentMarkers as string[])[0] = ' student'), /without spaces around it\s+→ at studentMarkers\[0\]/],
    ['embedding/lexicon.json', (d) => (((d.sections as { concepts: { kind: string }[] }[])[0]!.concepts[0]!.kind = 'hobby')), /→ at sections\[0\]\.concepts\[0\]\.kind/],
    ['embedding/lexicon.json', (d) => (((d.sections as { concepts: { related: Record<string, number> }[] }[])[0]!.concepts[0]!.related.outdoors = 1.5)), /→ at sections\[0\]\.concepts\[0\]\.related\.outdoors/],
    ['embedding/neighbours.json', (d) => ((d.neighbours as Record<string, unknown>).footi = [['rugby_league', 0.8]]), /not a lexicon concept id\s+→ at neighbours\.footi\[0\]\[0\]/],
    ['demo/pools.json', (d) => ((d.palettes as string[][])[0]![0] = 'red'), /expected a colour '#rrggbb'\s+→ at palettes\[0\]\[0\]/],
    ['demo/pools.json', (d) => ((d.captions as string[])[0] = 'A bit of {hobby} this week.'), /no other placeholder\s+→ at captions\[0\]/],
    ['demo/pools.json', (d) => (((d.clusters as { jobs: string[] }[])[0]!.jobs = ['Wizard'])), /→ at clusters\[0\]\.jobs\[0\]/],
  ])('refuses a malformed copy of %s, naming the file and the issue', (file, change, issue) => {
    const copy = malformedCopy(file, withValue(file, change));
    const load = LOADERS[file]!;
    expect(() => load(copy)).toThrow(ContentError);
    expect(() => load(copy)).toThrow(`${copy}: does not have the expected shape`);
    expect(() => load(copy)).toThrow(issue);
  });

  it.each<[string, (text: string) => string, string]>([
    ['legal/privacy-policy.md', (text) => text.replace('## 12. Young people', '### 12. Young people'), 'only "# " (the title) and "## " (a section) headings are used'],
    ['legal/terms-of-service.md', (text) => text.replace('It is run by {company}', 'It is run by {compnay}'), 'unknown placeholder {compnay}'],
    ['help/faq.md', (text) => text.replace('## Is {product} free?\n\n', '## Is {product} free?\n\n- Yes.\n'), 'lists are not used'],
  ])('refuses a malformed copy of %s, naming the file and the line', (file, edit, issue) => {
    const copy = malformedCopy(file, edit);
    expect(() => LOADERS[file]!(copy)).toThrow(new RegExp(`^${copy}: line \\d+: ${issue.replace(/[{}()"]/g, '\\$&')}`));
  });
});
