/**
 * The terms of service and the privacy policy: one text each (Markdown in content/legal/, read by
 * legal-texts.ts), shown on their pages and typeset as their PDFs, with who runs this server
 * filled in from the settings.
 */
export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

/** One printed page: what is on it is decided here, so the PDF has the spec's page count. */
export interface LegalPage {
  sections: LegalSection[];
}

export interface LegalText {
  id: 'terms-of-service' | 'privacy-policy';
  title: string;
  pages: LegalPage[];
}

export interface SiteFacts {
  product: string;
  company: string;
  companyUrl: string | undefined;
  email: string;
  phone: string | undefined;
  address: string;
  version: string;
  /** "September 20, 2025" */
  date: string;
  publicUrl: string;
  /** How long a tap lists a member at a touchpoint (TOUCHPOINT_WINDOW_DAYS). */
  touchpointDays: number;
}

export interface LegalDocument extends LegalText {
  company: string;
  version: string;
  effectiveDate: string;
}

/** yyyy-mm-dd as the documents print it: September 20, 2025. */
export function longDate(isoDate: string): string {
  return new Date(`${isoDate}T12:00:00Z`).toLocaleDateString('en-CA', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** The placeholders a legal text may hold, each filled from the settings. */
export const LEGAL_PLACEHOLDERS = ['product', 'company', 'email', 'address', 'version', 'date', 'url', 'phone', 'touchpointDays'] as const;

/** Fills {product}, {company}, {email}, {address}, {phone}, {version}, {date}, {url} and {touchpointDays} in every heading and paragraph. */
export function fillLegalText(text: LegalText, facts: SiteFacts): LegalDocument {
  const values: Record<string, string> & Record<(typeof LEGAL_PLACEHOLDERS)[number], string> = {
    product: facts.product,
    company: facts.company,
    email: facts.email,
    address: facts.address,
    version: facts.version,
    date: facts.date,
    url: facts.publicUrl,
    phone: facts.phone ?? 'not offered',
    touchpointDays: String(facts.touchpointDays),
  };
  const fill = (value: string) => value.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);
  return {
    id: text.id,
    title: text.title,
    company: facts.company,
    version: facts.version,
    effectiveDate: facts.date,
    pages: text.pages.map((page) => ({ sections: page.sections.map((section) => ({ heading: fill(section.heading), paragraphs: section.paragraphs.map(fill) })) })),
  };
}
