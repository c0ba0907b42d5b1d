import PDFDocument from 'pdfkit';

import type { LegalDocument } from './legal-document.js';

const MARGIN = 72;
const BODY = 10.5;

/**
 * Typesets a legal document as a PDF (pdfkit, its built-in Helvetica): one printed page per page
 * of the text, so the spec's page counts hold; a page whose text would not fit is an error here,
 * not a surprise page, and the test of the page counts catches it.
 */
export function renderLegalPdf(document: LegalDocument, productName: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: `${productName} ${document.title}`, Author: document.company, Subject: `Version ${document.version}, ${document.effectiveDate}`, Producer: productName, Creator: productName },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  document.pages.forEach((page, index) => {
    if (index > 0) doc.addPage();
    if (index === 0) {
      doc.font('Helvetica-Bold').fontSize(26).fillColor('#1f1147').text(`${productName} ${document.title}`, { width });
      doc.moveDown(0.3);
      doc.font('Helvetica').fontSize(12).fillColor('#4b4453').text(`Issued by ${document.company}`, { width });
      doc.text(`Version ${document.version} · ${document.effectiveDate}`, { width });
      doc.moveDown(1.5);
    }
    for (const section of page.sections) {
      doc.font('Helvetica-Bold').fontSize(14).fillColor('#1f1147').text(section.heading, { width });
      doc.moveDown(0.4);
      for (const paragraph of section.paragraphs) {
        doc.font('Helvetica').fontSize(BODY).fillColor('#222222').text(paragraph, { width, align: 'left', lineGap: 2.5 });
        doc.moveDown(0.6);
      }
      doc.moveDown(0.6);
    }
    const printed = doc.bufferedPageRange().count;
    if (printed !== index + 1) throw new Error(`${document.title}: page ${String(index + 1)} does not fit on one printed page`);
  });

  const { count } = doc.bufferedPageRange();
  for (let i = 0; i < count; i++) {
    doc.switchToPage(i);
    // Footers sit in the bottom margin; without this pdfkit would start a new page for them.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .fillColor('#6b6474')
      .text(`${document.company} · ${productName} ${document.title} · Version ${document.version}, ${document.effectiveDate} · Page ${String(i + 1)} of ${String(count)}`, MARGIN, doc.page.height - MARGIN / 2 - 4, { width, align: 'center', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
