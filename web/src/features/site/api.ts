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
}

export function useSite() {
  const { data, error } = useSWR<SiteInfo, Error>('/api/site');
  return { site: data, error };
}

export function useLegalDocument(id: LegalDocument['id']) {
  const { data, error } = useSWR<LegalDocument, Error>(`/api/legal/${id}`);
  return { document: data, error };
}

/** The PDF typeset by the server (at build time, or for its own settings). */
export const legalPdfUrl = (id: LegalDocument['id']) => `/legal/${id}.pdf`;
