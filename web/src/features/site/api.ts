// Who runs this server and its legal texts (public: the landing page's footer links here).
import useSWR from 'swr';

export interface SiteInfo {
  product: string;
  company: string;
  companyUrl: string | null;
  email: string;
  phone: string | null;
  address: string;
  /** null while the server's POSTAL_ADDRESS is unset. */
  mapUrl: string | null;
  freeSearchesPerDay: number;
}

export interface LegalDocument {
  id: 'terms-of-service' | 'privacy-policy';
  title: string;
  company: string;
  version: string;
  effectiveDate: string;
  pages: { sections: { heading: string; paragraphs: string[] }[] }[];
  /** The language this text is in, the one that binds (English), and every language it exists in. */
  language: string;
  binding: string;
  languages: string[];
}

export function useSite() {
  const { data, error } = useSWR<SiteInfo, Error>('/api/site');
  return { site: data, error };
}

/** The text in `language` (the reader's), or English where it has no translation. */
export function useLegalDocument(id: LegalDocument['id'], language: string) {
  const { data, error } = useSWR<LegalDocument, Error>(`/api/legal/${id}?lang=${encodeURIComponent(language)}`);
  return { document: data, error };
}

/** The PDF typeset by the server (at build time, or for its own settings), in `language`. */
export const legalPdfUrl = (id: LegalDocument['id'], language: string) => `/legal/${id}.pdf?lang=${encodeURIComponent(language)}`;
