import english from '../../../../content/help/faq.md?raw';
import french from '../../../../content/help/faq.fr.md?raw';
import chinese from '../../../../content/help/faq.zh-Hans.md?raw';
import { parseFaq } from './faq-markdown';


/**
 * The Help Center's questions in each language (content/help/faq.md, faq.<language>.md), read and
 * checked when the page's module loads.
 */
const FAQS = {
  en: parseFaq(english, 'content/help/faq.md'),
  'zh-Hans': parseFaq(chinese, 'content/help/faq.zh-Hans.md'),
  fr: parseFaq(french, 'content/help/faq.fr.md'),
};

/** The English questions (the source). */
export const FAQ = FAQS.en;

/** The questions in the reader's language; English when there is no file for it. */
export function faqIn(language: string) {
  return language in FAQS ? FAQS[language as keyof typeof FAQS] : FAQ;
}
