// Typesets the terms of service and the privacy policy as PDFs at build time (`npm run build`),
// with the settings in the environment (and .env), into dist/legal/, each with the fingerprint
// of what it was made from. Run: node dist/server/src/features/legal/build-pdfs.js
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { loadConfig } from '../../config.js';
import { legalPdfDir, projectRoot } from '../../paths.js';
import { renderLegalPdf } from './legal-pdf.js';
import { legalLanguages } from './legal-texts.js';
import { fingerprintFileName, LEGAL_IDS, LegalService, legalFingerprint, pdfFileName } from './legal.service.js';

const envFile = path.join(projectRoot, '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);
// Only the site's facts are read here: an image build (NODE_ENV=production) has no secrets or
// mail server yet, so the settings are read as outside production.
const config = loadConfig({ ...process.env, NODE_ENV: 'test' });
const legal = new LegalService(config, legalPdfDir);
await mkdir(legalPdfDir, { recursive: true });
// Each text in each language it is translated into (privacy-policy.pdf, privacy-policy.fr.pdf, …).
for (const id of LEGAL_IDS) {
  for (const language of legalLanguages(id)) {
    const document = legal.document(id, language);
    const pdf = await renderLegalPdf(document, config.productName);
    await writeFile(path.join(legalPdfDir, pdfFileName(id, language)), pdf);
    await writeFile(path.join(legalPdfDir, fingerprintFileName(id, language)), `${legalFingerprint(document, config.productName)}\n`);
  }
}
