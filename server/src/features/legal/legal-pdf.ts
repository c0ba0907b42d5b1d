import PDFDocument from 'pdfkit';

import { contentPath } from '../../content.js';
import type { Language } from '../../i18n/languages.js';
import { translatorFor } from '../../i18n/translator.js';
import type { LegalDocument } from './legal-document.js';

const MARGIN = 72;
const BODY = 10.5;

/**
 * The typefaces of a language: pdfkit's built-in Helvetica for English and French (its WinAnsi
 * encoding has every Latin letter and mark they use); for Chinese, Noto Sans SC, from the compact
 * subset in content/fonts/ that `node tools/fonts/subset-cjk.mjs` makes from the Chinese texts
 * (pdfkit embeds a further subset of only the glyphs a PDF uses).
 */
export const CJK_FONTS = { regular: 'fonts/NotoSansSC-Regular.subset.ttf', bold: 'fonts/NotoSansSC-Bold.subset.ttf' } as const;

function fontsFor(doc: PDFKit.PDFDocument, language: Language): { regular: string; bold: string } {
  if (language !== 'zh-Hans') return { regular: 'Helvetica', bold: 'Helvetica-Bold' };
  doc.registerFont('NotoSansSC', contentPath(CJK_FONTS.regular));
  doc.registerFont('NotoSansSC-Bold', contentPath(CJK_FONTS.bold));
  return { regular: 'NotoSansSC', bold: 'NotoSansSC-Bold' };
}

/**
 * Typesets a legal document as a PDF, in its language: one printed page per page of the text, so
 * the spec's page counts hold for the English; a page of the English whose text would not fit is
 * an error here, not a surprise page, and the test of the page counts catches it. A translation
 * (longer in French, and given for convenience) may run onto more printed pages.
 */
export function renderLegalPdf(document: LegalDocument, productName: string): Promise<Buffer> {
  const t = translatorFor(document.language);
  const facts = { product: productName, title: document.title, company: document.company, version: document.version, date: document.effectiveDate };
  const fullTitle = t('legal:pdf.title', facts);
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    lang: document.language,
    info: { Title: fullTitle, Author: document.company, Subject: t('legal:pdf.subject', facts), Producer: productName, Creator: productName },
  });
  const fonts = fontsFor(doc, document.language);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  const strict = document.language === document.binding;
  document.pages.forEach((page, index) => {
    if (index > 0) doc.addPage();
    const before = doc.bufferedPageRange().count;
    if (index === 0) {
      doc.font(fonts.bold).fontSize(26).fillColor('#1f1147').text(fullTitle, { width });
      doc.moveDown(0.3);
      doc.font(fonts.regular).fontSize(12).fillColor('#4b4453').text(t('legal:pdf.issuedBy', facts), { width });
      doc.text(t('legal:pdf.version', facts), { width });
      doc.moveDown(1.5);
    }
    for (const section of page.sections) {
      doc.font(fonts.bold).fontSize(14).fillColor('#1f1147').text(section.heading, { width });
      doc.moveDown(0.4);
      for (const paragraph of section.paragraphs) {
        doc.font(fonts.regular).fontSize(BODY).fillColor('#222222').text(paragraph, { width, align: 'left', lineGap: 2.5 });
        doc.moveDown(0.6);
      }
      doc.moveDown(0.6);
    }
    const printed = doc.bufferedPageRange().count;
    if (strict && printed !== before) throw new Error(`${document.title}: page ${String(index + 1)} does not fit on one printed page`);
  });

  const { count } = doc.bufferedPageRange();
  for (let i = 0; i < count; i++) {
    doc.switchToPage(i);
    // Footers sit in the bottom margin; without this pdfkit would start a new page for them.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font(fonts.regular)
      .fontSize(8.5)
      .fillColor('#6b6474')
      .text(t('legal:pdf.footer', { ...facts, page: String(i + 1), pages: String(count) }), MARGIN, doc.page.height - MARGIN / 2 - 4, { width, align: 'center', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
