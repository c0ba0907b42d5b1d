// Who runs this server and its legal texts (public: the landing page's footer links here).
import useSWR from 'swr';

import type { LegalDocument, SiteInfo } from '../../../../contract/site';

export type { LegalDocument, SiteInfo };

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
