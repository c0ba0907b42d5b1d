import { z } from 'zod';

/** GET /api/site: who runs this server (the contact page, the Help Center, the footer). */
export const SiteInfo = z.strictObject({
  product: z.string(),
  company: z.string(),
  companyUrl: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string(),
  /** A link to the address on OpenStreetMap; null while the server's POSTAL_ADDRESS is unset. */
  mapUrl: z.string().nullable(),
  /** Searches a free member may run a day (the help page says so). */
  freeSearchesPerDay: z.number().int(),
});
export type SiteInfo = z.infer<typeof SiteInfo>;

export const LEGAL_DOCUMENT_IDS = ['terms-of-service', 'privacy-policy'] as const;

/** GET /api/legal/:id?lang= */
export const LegalDocument = z.strictObject({
  id: z.enum(LEGAL_DOCUMENT_IDS),
  /** The language the text is written in: English, the binding version, or a translation of it. */
  language: z.string(),
  title: z.string(),
  pages: z.array(z.strictObject({ sections: z.array(z.strictObject({ heading: z.string(), paragraphs: z.array(z.string()) })) })),
  company: z.string(),
  version: z.string(),
  effectiveDate: z.string(),
  /** The language of the version that governs ('en'): the page says so above a translation. */
  binding: z.string(),
  /** The languages this document can be read in (the English first). */
  languages: z.array(z.string()),
});
export type LegalDocument = z.infer<typeof LegalDocument>;
