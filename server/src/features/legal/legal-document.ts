import { intlLocale, type Language } from '../../i18n/languages.js';
import { translate } from '../../i18n/translator.js';

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
  /** The language the text is written in: English, the binding version, or a translation of it. */
  language: Language;
  title: string;
  pages: LegalPage[];
}

/** The version that governs: a translation is given for convenience, and the English one binds. */
export const BINDING_LANGUAGE = 'en' as const;

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
  /** The language of the version that governs ('en'): the page says so above a translation. */
  binding: typeof BINDING_LANGUAGE;
  /** The languages this document can be read in (the English first). */
  languages: Language[];
}

/** yyyy-mm-dd as the documents print it: September 20, 2025 (20 septembre 2025, 2025年9月20日). */
export function longDate(isoDate: string, language: Language = 'en'): string {
  return new Date(`${isoDate}T12:00:00Z`).toLocaleDateString(intlLocale(language), { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** The placeholders a legal text may hold, each filled from the settings. */
export const LEGAL_PLACEHOLDERS = ['product', 'company', 'email', 'address', 'version', 'date', 'url', 'phone', 'touchpointDays'] as const;

/** Fills {product}, {company}, {email}, {address}, {phone}, {version}, {date}, {url} and {touchpointDays} in every heading and paragraph. */
export function fillLegalText(text: LegalText, facts: SiteFacts, languages: Language[] = [text.language]): LegalDocument {
  const values: Record<string, string> & Record<(typeof LEGAL_PLACEHOLDERS)[number], string> = {
    product: facts.product,
    company: facts.company,
    email: facts.email,
    address: facts.address,
    version: facts.version,
    date: facts.date,
    url: facts.publicUrl,
    phone: facts.phone ?? translate(text.language, 'legal:phoneNotOffered'),
    touchpointDays: String(facts.touchpointDays),
  };
  const fill = (value: string) => value.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);
  return {
    id: text.id,
    language: text.language,
    binding: BINDING_LANGUAGE,
    languages,
    title: text.title,
    company: facts.company,
    version: facts.version,
    effectiveDate: facts.date,
    pages: text.pages.map((page) => ({ sections: page.sections.map((section) => ({ heading: fill(section.heading), paragraphs: section.paragraphs.map(fill) })) })),
  };
}
