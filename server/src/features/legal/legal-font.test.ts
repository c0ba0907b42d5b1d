import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { PDFParse } from 'pdf-parse';

import { contentPath } from '../../content.js';
import { loadConfig } from '../../config.js';
import { renderLegalPdf } from './legal-pdf.js';
import { CJK_FONTS } from './legal-pdf.js';
import { LegalService } from './legal.service.js';

// The Chinese PDFs are typeset in a compact subset of Noto Sans SC (content/fonts/), made by
// tools/fonts/subset-cjk.mjs from the Chinese texts. Editing a text without making the font again
// would print empty boxes: these tests catch it first.

const TOOL = 'node tools/fonts/subset-cjk.mjs';

// fontkit comes with pdfkit (it is how pdfkit reads fonts); no types of its own.
const fontkit = createRequire(import.meta.url)('fontkit') as { create(data: Buffer): { glyphForCodePoint(code: number): { id: number } } };

function chineseCharacters(): Set<string> {
  // The space between words as well (the texts mix Chinese with names, numbers and addresses).
  const chars = new Set<string>([' ']);
  const add = (text: string) => {
    for (const ch of text) if (!/\s/.test(ch)) chars.add(ch);
  };
  const legal = contentPath('legal');
  for (const file of readdirSync(legal).filter((name) => name.endsWith('.zh-Hans.md'))) add(readFileSync(path.join(legal, file), 'utf8'));
  // The PDF's own words; e-mails and screens are drawn in the reader's own fonts.
  add(readFileSync(contentPath(path.join('i18n', 'server', 'zh-Hans', 'legal.json')), 'utf8'));
  return chars;
}

describe('the Chinese PDF font', () => {
  it.each(Object.entries(CJK_FONTS))('%s has a glyph for every character of the Chinese legal texts and the PDF’s own words', (_weight, file) => {
    const font = fontkit.create(readFileSync(contentPath(file)));
    const missing = [...chineseCharacters()].filter((ch) => font.glyphForCodePoint(ch.codePointAt(0)!).id === 0);
    if (missing.length > 0) throw new Error(`${file} has no glyph for ${missing.join(' ')}: the Chinese texts changed since the font was made. Run \`${TOOL}\` and commit content/fonts/.`);
  });

  it('is compact, and comes with its licence (SIL Open Font License)', () => {
    for (const file of Object.values(CJK_FONTS)) expect(readFileSync(contentPath(file)).length).toBeLessThan(1024 * 1024);
    expect(readFileSync(contentPath('fonts/OFL.txt'), 'utf8')).toContain('SIL Open Font License');
  });
});

describe('the Chinese privacy policy PDF', () => {
  it('embeds Noto Sans SC and carries the Chinese text, with the notice that the English binds', async () => {
    const config = loadConfig({ NODE_ENV: 'test', COMPANY_NAME: 'Maple Campus Co-op', LEGAL_EFFECTIVE_DATE: '2026-01-15' });
    const document = new LegalService(config, '/nonexistent').document('privacy-policy', 'zh-Hans');
    expect(document.language).toBe('zh-Hans');
    const pdf = await renderLegalPdf(document, config.productName);
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansSC-Regular/);
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansSC-Bold/);
    const parser = new PDFParse({ data: pdf });
    try {
      const text = (await parser.getText()).text.replace(/\s+/g, ' ');
      expect(text).toContain('隐私政策');
      expect(text).toContain('以英文版本为准');
      expect(text).not.toContain('\u0000');
      expect(text).toContain('发布方：Maple Campus Co-op');
      expect(text).toContain('2026年1月15日');
      expect([...text].filter((ch) => /[\u4e00-\u9fff]/u.test(ch)).length).toBeGreaterThan(2000);
    } finally {
      await parser.destroy();
    }
  });
});
