import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

import type { SiteInfo } from '../../../../contract/site.js';
import type { Config } from '../../config.js';
import { NotFoundError } from '../../errors.js';
import { type Language, SOURCE_LANGUAGE } from '../../i18n/languages.js';
import { translate } from '../../i18n/translator.js';
import { fillLegalText, type LegalDocument, longDate, type SiteFacts } from './legal-document.js';
import { legalLanguages, LEGAL_TEXTS_BY_LANGUAGE as TEXTS, type LegalId } from './legal-texts.js';

export type { LegalId } from './legal-texts.js';
export const LEGAL_IDS = Object.keys(TEXTS) as LegalId[];

/** Who runs this server, for the contact and help pages. */
export type { SiteInfo };

/**
 * What the pages print while POSTAL_ADDRESS is unset. Decision: there is no default address (a
 * real one would be someone else's, stated as the operator's in the privacy policy). Outside
 * production the pages show a placeholder that names the setting, so whoever tries Kindred sees
 * what to fill in before going live. In production members never see a setting's name: they read
 * that the address is given on request at the support address, and main.ts logs a warning at every
 * start until it is set.
 */
export function postalAddressText(config: Pick<Config, 'env' | 'site'>, language: Language = SOURCE_LANGUAGE): string {
  if (config.site.postalAddress) return config.site.postalAddress;
  return config.env === 'production'
    ? translate(language, 'legal:addressOnRequest', { email: config.site.supportEmail })
    : '[postal address not set: POSTAL_ADDRESS]';
}

/** The settings a legal text is filled with, the date and the words around them in `language`. */
export function siteFacts(config: Config, language: Language = SOURCE_LANGUAGE): SiteFacts {
  return {
    product: config.productName,
    company: config.site.companyName,
    companyUrl: config.site.companyUrl,
    email: config.site.supportEmail,
    phone: config.site.supportPhone,
    address: postalAddressText(config, language),
    version: config.site.legalVersion,
    date: longDate(config.site.legalEffectiveDate, language),
    publicUrl: config.publicUrl,
    touchpointDays: config.touchpoints.windowDays,
  };
}

/** What a PDF was made from: the built file is served only while it matches the running settings. */
export function legalFingerprint(document: LegalDocument, productName: string): string {
  return createHash('sha256').update(JSON.stringify({ document, productName })).digest('hex');
}

/** The built PDF of `id` in `language`: privacy-policy.pdf, privacy-policy.fr.pdf, privacy-policy.zh-Hans.pdf. */
export const pdfFileName = (id: LegalId, language: Language = SOURCE_LANGUAGE) => (language === SOURCE_LANGUAGE ? `${id}.pdf` : `${id}.${language}.pdf`);
export const fingerprintFileName = (id: LegalId, language: Language = SOURCE_LANGUAGE) => (language === SOURCE_LANGUAGE ? `${id}.sha256` : `${id}.${language}.sha256`);

/**
 * The terms, the privacy policy and the contact facts, from the settings. The PDFs are typeset
 * at build time (build-pdfs.ts); a server whose settings differ from the build's (a Docker image
 * built before the campus set its name) typesets its own once and keeps it in memory.
 *
 * Each is read in the language asked for where a translation exists, and in English otherwise
 * (the document's `language` says which); the English is the binding version (`binding`).
 */
export class LegalService {
  private readonly rendered = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly config: Config,
    private readonly builtDir: string,
  ) {}

  site(): SiteInfo {
    const facts = siteFacts(this.config);
    return {
      product: facts.product,
      company: facts.company,
      companyUrl: facts.companyUrl ?? null,
      email: facts.email,
      phone: facts.phone ?? null,
      address: facts.address,
      mapUrl: this.config.site.postalAddress ? `https://www.openstreetmap.org/search?query=${encodeURIComponent(this.config.site.postalAddress)}` : null,
      freeSearchesPerDay: this.config.premium.searchFreeDaily,
    };
  }

  /** The text `id` in `language` (the English where it has no translation in it). */
  document(id: string, language: Language = SOURCE_LANGUAGE): LegalDocument {
    const texts = Object.hasOwn(TEXTS, id) ? TEXTS[id as LegalId] : undefined;
    if (!texts) throw new NotFoundError('No such document.', 'document_not_found');
    const text = texts[language] ?? texts.en;
    return fillLegalText(text, siteFacts(this.config, text.language), legalLanguages(text.id));
  }

  pdf(id: string, language: Language = SOURCE_LANGUAGE): Promise<Buffer> {
    const document = this.document(id, language);
    const key = `${document.id}.${document.language}`;
    let pdf = this.rendered.get(key);
    if (!pdf) {
      pdf = this.built(document.id, document.language, legalFingerprint(document, this.config.productName)).then((file) => file ?? renderOnDemand(document, this.config.productName));
      pdf.catch(() => this.rendered.delete(key));
      this.rendered.set(key, pdf);
    }
    return pdf;
  }

  private async built(id: LegalId, language: Language, fingerprint: string): Promise<Buffer | undefined> {
    try {
      const stamp = (await readFile(path.join(this.builtDir, fingerprintFileName(id, language)), 'utf8')).trim();
      return stamp === fingerprint ? await readFile(path.join(this.builtDir, pdfFileName(id, language))) : undefined;
    } catch {
      return undefined;
    }
  }
}

/** Typesets a PDF the build did not (a changed setting): pdfkit is loaded only then. */
async function renderOnDemand(document: LegalDocument, productName: string): Promise<Buffer> {
  const { renderLegalPdf } = await import('./legal-pdf.js');
  return renderLegalPdf(document, productName);
}
