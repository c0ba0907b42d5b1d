import faqs from 'virtual:faq';

/**
 * The Help Center's questions in each language (content/help/faq.md, faq.<language>.md), read and
 * checked when the web app is built (web/build/faq.ts).
 */

/** The English questions (the source). */
export const FAQ = faqs.en;

/** The questions in the reader's language; English when there is no file for it. */
export function faqIn(language: string) {
  return language in faqs ? faqs[language as keyof typeof faqs] : FAQ;
}
