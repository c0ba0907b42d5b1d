import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

import type { Config } from '../../config.js';
import { NotFoundError } from '../../errors.js';
import { fillLegalText, type LegalDocument, longDate, type SiteFacts } from './legal-document.js';
import { LEGAL_TEXTS as TEXTS, type LegalId } from './legal-texts.js';

export type { LegalId } from './legal-texts.js';
export const LEGAL_IDS = Object.keys(TEXTS) as LegalId[];

/** Who runs this server, for the contact and help pages. */
export interface SiteInfo {
  product: string;
  company: string;
  companyUrl: string | null;
  email: string;
  phone: string | null;
  address: string;
  /** A link to the address on OpenStreetMap (nothing is loaded from a map site unless it is followed); null while POSTAL_ADDRESS is unset. */
  mapUrl: string | null;
  /** Searches a free member may run a day (the help page says so). */
  freeSearchesPerDay: number;
}

/**
 * What the pages print while POSTAL_ADDRESS is unset. Decision: there is no default address (a
 * real one would be someone else's, stated as the operator's in the privacy policy). Outside
 * production the pages show a placeholder that names the setting, so whoever tries Kindred sees
 * what to fill in before going live. In production members never see a setting's name: they read
 * that the address is given on request at the support address, and main.ts logs a warning at every
 * start until it is set.
 */
export function postalAddressText(config: Pick<Config, 'env' | 'site'>): string {
  if (config.site.postalAddress) return config.site.postalAddress;
  return config.env === 'production'
    ? `the postal address given on request at ${config.site.supportEmail}`
    : '[postal address not set: POSTAL_ADDRESS]';
}

export function siteFacts(config: Config): SiteFacts {
  return {
    product: config.productName,
    company: config.site.companyName,
    companyUrl: config.site.companyUrl,
    email: config.site.supportEmail,
    phone: config.site.supportPhone,
    address: postalAddressText(config),
    version: config.site.legalVersion,
    date: longDate(config.site.legalEffectiveDate),
    publicUrl: config.publicUrl,
    touchpointDays: config.touchpoints.windowDays,
  };
}

/** What a PDF was made from: the built file is served only while it matches the running settings. */
export function legalFingerprint(document: LegalDocument, productName: string): string {
  return createHash('sha256').update(JSON.stringify({ document, productName })).digest('hex');
}

export const pdfFileName = (id: LegalId) => `${id}.pdf`;
export const fingerprintFileName = (id: LegalId) => `${id}.sha256`;

/**
 * The terms, the privacy policy and the contact facts, from the settings. The PDFs are typeset
 * at build time (build-pdfs.ts); a server whose settings differ from the build's (a Docker image
 * built before the campus set its name) typesets its own once and keeps it in memory.
 */
export class LegalService {
  private readonly rendered = new Map<LegalId, Promise<Buffer>>();

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

  document(id: string): LegalDocument {
    const text = Object.hasOwn(TEXTS, id) ? TEXTS[id as LegalId] : undefined;
    if (!text) throw new NotFoundError('No such document.', 'document_not_found');
    return fillLegalText(text, siteFacts(this.config));
  }

  pdf(id: string): Promise<Buffer> {
    const document = this.document(id);
    const key = document.id;
    let pdf = this.rendered.get(key);
    if (!pdf) {
      pdf = this.built(key, legalFingerprint(document, this.config.productName)).then((file) => file ?? renderOnDemand(document, this.config.productName));
      pdf.catch(() => this.rendered.delete(key));
      this.rendered.set(key, pdf);
    }
    return pdf;
  }

  private async built(id: LegalId, fingerprint: string): Promise<Buffer | undefined> {
    try {
      const stamp = (await readFile(path.join(this.builtDir, fingerprintFileName(id)), 'utf8')).trim();
      return stamp === fingerprint ? await readFile(path.join(this.builtDir, pdfFileName(id))) : undefined;
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
